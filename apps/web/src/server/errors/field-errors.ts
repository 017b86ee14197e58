import { createTranslator } from "next-intl";
import { type ZodError, z } from "zod";
import en from "../../../messages/en.json";
import ru from "../../../messages/ru.json";
import type { Locale } from "@vgen/contracts";
import { describeIssue } from "../../i18n/validation";

/**
 * A refused input's messages by field, for the dashboard's forms, in the request's language
 * (i18n/validation.ts): a rule of ours reads as its own sentence; otherwise English keeps the
 * schemas' own messages, most specific, and in Russian each issue reads as its kind, so a Russian
 * page never shows an English sentence under a field.
 */
export function fieldErrorsFor(error: ZodError, locale: Locale) {
  const t = createTranslator({ locale, messages: locale === "ru" ? ru : en, namespace: "validation" });
  return z.flattenError(error, (issue) => describeIssue(issue, t, locale));
}
