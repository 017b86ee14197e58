import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-slate-500 focus:outline-2 focus:outline-slate-400 disabled:bg-slate-100";

function Wrapper({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">{error}</p>}
    </div>
  );
}

type Common = { label: string; hint?: ReactNode; error?: string | null };

export function TextField({ label, hint, error, id, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Wrapper id={fieldId} label={label} hint={hint} error={error}>
      <input id={fieldId} aria-invalid={!!error} aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined} className={CONTROL} {...props} />
    </Wrapper>
  );
}

export function TextAreaField({ label, hint, error, id, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Wrapper id={fieldId} label={label} hint={hint} error={error}>
      <textarea id={fieldId} aria-invalid={!!error} className={CONTROL} {...props} />
    </Wrapper>
  );
}

export function SelectField({ label, hint, error, id, children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Wrapper id={fieldId} label={label} hint={hint} error={error}>
      <select id={fieldId} aria-invalid={!!error} className={CONTROL} {...props}>
        {children}
      </select>
    </Wrapper>
  );
}
