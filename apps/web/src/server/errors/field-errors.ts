import { createTranslator } from "next-intl";
import { type ZodError, z } from "zod";
import ru from "../../../messages/ru.json";
import type { Locale } from "@vgen/contracts";
import { describeIssue } from "../../i18n/validation";

/**
 * A refused input's messages by field, for the dashboard's forms. In English they are the schemas'
 * own, most specific; in Russian each issue reads as its kind (i18n/validation.ts), so a Russian
 * page never shows an English sentence under a field.
 */
export function fieldErrorsFor(error: ZodError, locale: Locale) {
  if (locale === "en") return z.flattenError(error);
  const t = createTranslator({ locale, messages: ru, namespace: "validation" });
  return z.flattenError(error, (issue) => describeIssue(issue, t));
}
