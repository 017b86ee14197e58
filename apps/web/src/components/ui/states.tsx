import { useTranslations } from "next-intl";
import { type ApiErrorLike, useApiErrorText } from "@/i18n/api-error";
import type { ReactNode } from "react";

export function Spinner({ label }: { label?: string }) {
  const t = useTranslations("common");
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-500">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-slate-700" />
      {label ?? t("loading")}…
    </span>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

export function ErrorNote({ error }: { error: ApiErrorLike | null | undefined }) {
  const text = useApiErrorText();
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {text(error)}
    </p>
  );
}

/** A form's own error, under its fields (an error about one field stands under that field). */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

const BADGE_TONES = {
  gray: "bg-slate-100 text-slate-700",
  green: "bg-emerald-100 text-emerald-800",
  amber: "bg-amber-100 text-amber-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-sky-100 text-sky-800",
} as const;

export function Badge({ tone = "gray", children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_TONES[tone]}`}>
      {children}
    </span>
  );
}

/**
 * A query's answer on a page: a spinner while it loads, the error when it failed, `empty` when
 * `isEmpty` says there is nothing to show, else `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; error: ApiErrorLike | null; data: T | undefined };
  loading?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.error) return <ErrorNote error={query.error} />;
  const data = query.data as T;
  return isEmpty?.(data) ? empty : children(data);
}
