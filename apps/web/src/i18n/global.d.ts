import type messages from "../../messages/en.json";
import type { Locale } from "@vgen/contracts";

// Typed keys: a t("...") call with a key missing from en.json fails the typecheck.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
