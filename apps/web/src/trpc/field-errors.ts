import type { TRPCClientErrorLike } from "@trpc/client";
import type { AppRouter } from "@/server/routers/_app";

/** A form's messages by field name, the first one for each field. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The messages of a failed mutation that belong under the form's fields: the input validation's, or
 * a `weak_password` refusal's under `passwordField` (the engine judges strength knowing the email and
 * name). Undefined when the error belongs to the form as a whole.
 */
export function fieldErrorsOf(error: TRPCClientErrorLike<AppRouter> | null, passwordField?: string): FieldErrors | undefined {
  if (!error) return undefined;
  if (passwordField && error.data?.apiCode === "weak_password") return { [passwordField]: error.message };
  const fieldErrors = error.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;
  return fieldErrors && Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
}
