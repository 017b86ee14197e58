import { type Messages, useLocale, useTranslations } from "next-intl";

/** An error as the dashboard receives it: tRPC errors carry the catalog code (server/errors/trpc.ts) in data.apiCode. */
export interface ApiErrorLike {
  message: string;
  data?: {
    apiCode?: string | null;
    /** The input field an API or engine error names, if any. */
    param?: string | null;
    /** A refused input's messages (server/errors/field-errors.ts), already in the request's language. */
    zodError?: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> } | null;
  } | null;
}

/**
 * How the dashboard reads the errors the server's tRPC adapter (server/errors/trpc.ts) sends: as
 * text for people (components/forms/use-schema-form.ts puts field messages under their fields).
 */

/**
 * The text of a server error for people. The server writes its messages in English, often more
 * specific than the catalog; in another language the catalog's text for the error code stands in,
 * and an error without a known code keeps the server's message.
 */
export function useApiErrorText(): (error: ApiErrorLike) => string {
  const t = useTranslations("apiErrors");
  const locale = useLocale();
  return (error) => {
    // A refused input's message is its issues as JSON; its first issue reads better, and in the page's language.
    const invalid = error.data?.zodError;
    const first = invalid && [...invalid.formErrors, ...Object.values(invalid.fieldErrors).flat()][0];
    if (first) return first;
    const code = error.data?.apiCode as keyof Messages["apiErrors"] | null | undefined;
    return locale !== "en" && code && t.has(code) ? t(code) : error.message;
  };
}
