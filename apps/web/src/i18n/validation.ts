import type { core } from "zod";

/** A refused rule of our own, worded for it (`validation.<key>` in the messages, in every language). */
type RuleKey =
  | "dollarAmount"
  | "positiveAmount"
  | "useCaseTooShort"
  | "topUpAmount"
  | "topUpRange"
  | "dateRange"
  | "capAmount"
  | "capPositive"
  | "promptRequired"
  | "promptTooLong"
  | "urlTooLong"
  | "urlInvalid"
  | "firstRequired"
  | "referenceRequired";

type ValidationKey =
  | RuleKey
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

type Values = Record<string, string | number>;

/** The `validation` messages' translator, from next-intl's createTranslator (server) or useTranslations (browser). */
export type ValidationTranslator = (key: ValidationKey, values?: Values) => string;

/**
 * A refinement's parameters naming its sentence: `.refine(check, rule("topUpRange", { min, max }))`.
 * Its issue reads as that sentence in every language, wherever the schema refuses the value.
 */
export const rule = (key: RuleKey, values?: Values) => ({ params: { rule: key, values } });

function ruleOf(issue: core.$ZodIssue): { rule: RuleKey; values?: Values } | null {
  return issue.code === "custom" && typeof issue.params?.rule === "string"
    ? (issue.params as { rule: RuleKey; values?: Values })
    : null;
}

/**
 * A refused input's issue as a person reads it. A rule of ours reads as its own sentence; otherwise
 * English keeps the schema's message, and another language reads the issue's kind (required, too
 * short, not an email…) with its bound: the same sentence under a field whether the browser or the
 * server refused the value, since both check it against the same schema.
 */
export function describeIssue(issue: core.$ZodIssue, t: ValidationTranslator, locale: string): string {
  const own = ruleOf(issue);
  if (own) return t(own.rule, own.values);
  if (locale === "en") return issue.message;
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
