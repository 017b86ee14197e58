import { env } from "@vgen/config";
import { getDb } from "@vgen/db";
import { listCatalog, modelView } from "@vgen/engine/catalog";
import { sampleClips } from "@vgen/engine/samples";
import { logger } from "@vgen/engine/platform";
import { BookOpen, CircleAlert, Activity } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";
import { CatalogSection, type ModelCard } from "./_home/catalog-section";
import { QuickStart } from "./_home/quick-start";

export const dynamic = "force-dynamic";

/** The enabled catalog in the API's view with each model's sample clip, or null when it cannot be read (the page still renders). */
async function loadCatalog(): Promise<ModelCard[] | null> {
  try {
    const [models, samples] = await Promise.all([listCatalog(getDb()), sampleClips(getDb())]);
    return models.map((m) => ({
      ...modelView(m),
      priceMicrosPerSecond: m.priceMicrosPerSecond,
      purposeRu: m.purposeRu,
      sample: samples.get(m.id),
    }));
  } catch (err) {
    logger.error({ err }, "landing page could not read the catalog");
    return null;
  }
}

export default async function Home() {
  const [t, th, models] = await Promise.all([getTranslations("home"), getTranslations("siteHeader"), loadCatalog()]);
  const sample = models?.[0];
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-4xl font-semibold tracking-tight text-slate-900">vgen</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-600">{t("lead")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/signup" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">
            {t("getKey")}
          </Link>
          <Link
            href="/signin"
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50"
          >
            {t("signIn")}
          </Link>
        </div>

        <CatalogSection models={models} />
        <QuickStart
          baseUrl={env().PUBLIC_BASE_URL}
          model={sample?.id ?? "gen-3.1-fast"}
          duration={sample?.duration.default ?? 4}
        />

        <nav aria-label={t("startHere")} className="mt-16 grid gap-3 sm:grid-cols-3">
          {[
            { href: "/docs", title: th("docs"), text: t("docsText"), Icon: BookOpen },
            { href: "/errors", title: th("errors"), text: t("errorsText"), Icon: CircleAlert },
            { href: "/status", title: th("status"), text: t("statusText"), Icon: Activity },
          ].map(({ href, title, text, Icon }) => (
            <Link
              key={href}
              href={href}
              className="rounded-xl border border-slate-200 p-4 transition hover:border-slate-300 hover:shadow-sm"
            >
              <span className="flex items-center gap-2 font-medium text-blue-700">
                <Icon aria-hidden className="h-4 w-4" />
                {title}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{text}</span>
            </Link>
          ))}
        </nav>
      </main>
    </>
  );
}
