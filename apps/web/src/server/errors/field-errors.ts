import { createTranslator } from "next-intl";
import { type core, type ZodError, z } from "zod";
import ru from "../../../messages/ru.json";
import type { Locale } from "@vgen/contracts";

/**
 * A refused input's messages by field, for the dashboard's forms. In English they are the schemas'
 * own, most specific; in Russian each issue reads as its kind (required, too short, not an email…),
 * so a Russian page never shows an English sentence under a field.
 */
export function fieldErrorsFor(error: ZodError, locale: Locale) {
  if (locale === "en") return z.flattenError(error);
  const t = createTranslator({ locale, messages: ru, namespace: "validation" });
  const describe = (issue: core.$ZodIssue): string => {
    switch (issue.code) {
      case "too_small":
        if (issue.origin === "string")
          return Number(issue.minimum) <= 1 ? t("required") : t("tooShort", { minimum: Number(issue.minimum) });
        return issue.origin === "number" ? t("tooSmall", { minimum: Number(issue.minimum) }) : t("invalid");
      case "too_big":
        if (issue.origin === "string") return t("tooLong", { maximum: Number(issue.maximum) });
        return issue.origin === "number" ? t("tooBig", { maximum: Number(issue.maximum) }) : t("invalid");
      case "invalid_format":
        return issue.format === "email" ? t("email") : issue.format === "url" ? t("url") : t("format");
      case "invalid_value":
        return t("choice");
      default:
        return t("invalid");
    }
  };
  return z.flattenError(error, describe);
}
