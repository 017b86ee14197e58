import Link from "next/link";
import { useTranslations } from "next-intl";
import { SiteHeader } from "@/components/site-header";

export default function Home() {
  const t = useTranslations("home");
  const th = useTranslations("siteHeader");
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-4xl font-semibold tracking-tight">vgen</h1>
        <p className="mt-4 text-lg text-slate-600">{t("lead")}</p>
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
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the scrolling code block needs a name once it is focusable */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a code block that scrolls on a phone must be focusable (axe: scrollable-region-focusable)
          tabIndex={0}
          aria-label={t("sampleLabel")}
          className="mt-8 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100"
        >{`curl -N $BASE_URL/api/v1/videos/generations \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "gen-3.1-fast",
       "prompt": "A paper boat on a rainy street",
       "duration": 4}'`}</pre>
        <nav aria-label={t("startHere")} className="mt-8 grid gap-3 sm:grid-cols-3">
          {[
            { href: "/docs", title: th("docs"), text: t("docsText") },
            { href: "/errors", title: th("errors"), text: t("errorsText") },
            { href: "/status", title: th("status"), text: t("statusText") },
          ].map((c) => (
            <Link
              key={c.href}
              href={c.href}
              className="rounded-xl border border-slate-200 p-4 transition hover:border-slate-300 hover:shadow-sm"
            >
              <span className="font-medium text-blue-700">{c.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{c.text}</span>
            </Link>
          ))}
        </nav>
      </main>
    </>
  );
}
