"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { type ApiErrorLike, fieldErrorsOf } from "@/i18n/api-error";
import { describeIssue } from "@/i18n/validation";

/** A form's schema: an object of fields (a procedure's input schema). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The schema's resolver in the page's language. zodResolver keeps each issue's message, and a
 * schema's own messages are English; in another language a refused form's issues read as their
 * kind, the same sentence the server sends for them (server/errors/field-errors.ts).
 */
function useSchemaResolver<S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale();
  const t = useTranslations("validation");
  return useMemo(() => {
    const resolve = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
    if (locale === "en") return resolve;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      if (Object.keys(result.errors).length === 0) return result;
      // zodResolver keeps an issue's code but not its bounds, which the translated sentence names.
      const parsed = await schema.safeParseAsync(values);
      for (const issue of parsed.error?.issues ?? []) {
        const field: FieldError | undefined = get(result.errors, issue.path.join("."));
        if (field) field.message = describeIssue(issue, t);
      }
      return result;
    };
  }, [schema, locale, t]);
}

/**
 * A form driven by react-hook-form and checked in the browser by the same zod schema the server
 * applies to the procedure's input, so a field's message appears without a round trip.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver">,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const resolver = useSchemaResolver(schema);
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}

/**
 * Puts a failed mutation's field messages (the server's validation, or a weak password's refusal
 * under `passwordField`) under their fields. False when the error belongs to the form as a whole.
 */
export function setServerErrors<In extends FieldValues>(
  form: { setError: UseFormSetError<In> },
  error: unknown,
  passwordField?: Path<In>,
): boolean {
  // A mutation's error is a tRPC client error (i18n/api-error.ts reads its shape).
  const fields = fieldErrorsOf(error as ApiErrorLike, passwordField);
  if (!fields) return false;
  for (const [name, message] of Object.entries(fields)) {
    if (message) form.setError(name as Path<In>, { type: "server", message }, { shouldFocus: true });
  }
  return true;
}
