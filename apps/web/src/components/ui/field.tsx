import { useTranslations } from "next-intl";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-slate-500 focus:outline-2 focus:outline-slate-400 disabled:bg-slate-100";

function Wrapper({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The field's error when it has one, else its hint: the text a screen reader reads after the label. */
const describedBy = (id: string, error?: string | null, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

type Common = { label: string; hint?: ReactNode; error?: string | null };

export function TextField({ label, hint, error, id, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Wrapper id={fieldId} label={label} hint={hint} error={error}>
      <input
        id={fieldId}
        aria-invalid={!!error}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={CONTROL}
        {...props}
      />
    </Wrapper>
  );
}

/** What a preset field leaves to the form: its label, name, value and error (the preset fixes the rest). */
type PresetProps = Omit<
  Common & InputHTMLAttributes<HTMLInputElement>,
  "type" | "autoComplete" | "required" | "minLength" | "hint"
>;

/** The email address a signed-out form asks for. */
export function EmailField(props: Omit<PresetProps, "label" | "name">) {
  const t = useTranslations("common");
  return <TextField label={t("email")} name="email" type="email" autoComplete="email" required {...props} />;
}

/** The password someone already has, to sign in or to confirm a change. */
export function CurrentPasswordField(props: PresetProps) {
  return <TextField type="password" autoComplete="current-password" required {...props} />;
}

/** A password being chosen: the length the server's NewPassword schema requires, and advice on choosing one (the engine judges strength). */
export function NewPasswordField(props: PresetProps) {
  const t = useTranslations("common");
  return <TextField type="password" autoComplete="new-password" required minLength={10} hint={t("newPasswordHint")} {...props} />;
}

export function TextAreaField({ label, hint, error, id, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Wrapper id={fieldId} label={label} hint={hint} error={error}>
      <textarea
        id={fieldId}
        aria-invalid={!!error}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={CONTROL}
        {...props}
      />
    </Wrapper>
  );
}

export function SelectField({ label, hint, error, id, children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Wrapper id={fieldId} label={label} hint={hint} error={error}>
      <select
        id={fieldId}
        aria-invalid={!!error}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={CONTROL}
        {...props}
      >
        {children}
      </select>
    </Wrapper>
  );
}
