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
  type UseFormGetValues,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { type ApiErrorLike, useApiErrorText } from "@/i18n/api-error";
import { describeIssue } from "@/i18n/validation";

/** A form's schema: an object of fields (a procedure's input schema). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The schema's resolver in the page's language. zodResolver keeps each issue's message: a schema's
 * own, English. A rule of ours reads as its own sentence, and in another language any other issue
 * reads as its kind: the same sentence the server sends for it (server/errors/field-errors.ts).
 */
function useSchemaResolver<S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale();
  const t = useTranslations("validation");
  return useMemo(() => {
    const resolve = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      if (Object.keys(result.errors).length === 0) return result;
      // zodResolver keeps an issue's code but not its bounds or a rule's parameters, which the sentence names.
      const parsed = await schema.safeParseAsync(values);
      const described = new Set<string>();
      for (const issue of parsed.error?.issues ?? []) {
        // A field shows its first issue, as zodResolver picks it.
        const path = issue.path.join(".");
        const field: FieldError | undefined = get(result.errors, path);
        if (field && !described.has(path)) field.message = describeIssue(issue, t, locale);
        described.add(path);
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
 * Puts a failed mutation's messages where they belong: the server's validation messages under their
 * fields, a refusal naming a field (the error's `param`, or `fieldOfCode` for its catalog code) under
 * that field, anything else in the form's `root.server` error, in the page's language.
 */
export function useServerErrors<In extends FieldValues>(
  form: { setError: UseFormSetError<In>; getValues: UseFormGetValues<In> },
  fieldOfCode: Partial<Record<string, Path<In>>> = {},
): (error: unknown) => void {
  const errorText = useApiErrorText();
  return (error) => {
    // A mutation's error is a tRPC client error (i18n/api-error.ts reads its shape).
    const failure = error as ApiErrorLike;
    const fields = new Set(Object.keys(form.getValues()));
    const onFields = Object.entries(failure.data?.zodError?.fieldErrors ?? {}).flatMap(([name, messages]) =>
      fields.has(name) && messages?.[0] ? [[name as Path<In>, messages[0]] as const] : [],
    );
    const code = failure.data?.apiCode;
    const named = (code && fieldOfCode[code]) || failure.data?.param;
    if (onFields.length === 0 && named && fields.has(named)) onFields.push([named as Path<In>, errorText(failure)]);
    if (onFields.length === 0) form.setError("root.server", { type: "server", message: errorText(failure) });
    for (const [i, [name, message]] of onFields.entries()) {
      form.setError(name, { type: "server", message }, { shouldFocus: i === 0 });
    }
  };
}
