import type { core } from "zod";

type ValidationKey =
  | "required"
  | "tooShort"
  | "tooLong"
  | "tooSmall"
  | "tooBig"
  | "email"
  | "url"
  | "format"
  | "choice"
  | "invalid";

/** The `validation` messages' translator, from next-intl's createTranslator (server) or useTranslations (browser). */
export type ValidationTranslator = (key: ValidationKey, values?: Record<string, number>) => string;

/**
 * A refused input's issue as its kind reads in a language other than English (required, too short,
 * not an email…), with its bound: the same sentence under a field whether the browser or the server
 * refused the value, since both check it against the same schema.
 */
export function describeIssue(issue: core.$ZodIssue, t: ValidationTranslator): string {
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
}
