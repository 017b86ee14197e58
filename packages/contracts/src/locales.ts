/** The languages of the UI and of account emails; English is the default for anyone who asks for neither. */
export const LOCALES = ["en", "ru"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
