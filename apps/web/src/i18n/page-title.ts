import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Messages } from "next-intl";

/** A page's `generateMetadata`: its <title> in the request's language, from the "pageTitles" messages. */
export function pageTitle(key: keyof Messages["pageTitles"]): () => Promise<Metadata> {
  return async () => ({ title: (await getTranslations("pageTitles"))(key) });
}
