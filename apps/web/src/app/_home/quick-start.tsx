import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import { ScrollingCode } from "@/components/ui/scroll-region";

const SAMPLE_PROMPT = "A paper boat on a rainy street";

/** The curl a visitor can run, every variable in it defined and explained beside it. */
export function QuickStart({ baseUrl, model, duration }: { baseUrl: string; model: string; duration: number }) {
  const t = useTranslations("home");
  const code = [
    `export BASE_URL="${baseUrl}"`,
    `export API_KEY="vgk_…"   # ${t("keyComment")}`,
    "",
    `curl -N "$BASE_URL/api/v1/videos/generations" \\`,
    `  -H "Authorization: Bearer $API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"model": "${model}", "prompt": "${SAMPLE_PROMPT}", "duration": ${duration}}'`,
  ].join("\n");
  const c = (chunks: React.ReactNode) => <code className="font-mono text-[0.9em] text-slate-900">{chunks}</code>;
  return (
    <section aria-labelledby="quick-start-title" className="mt-16 min-w-0">
      <h2 id="quick-start-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {t("quickStartTitle")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t("quickStartLead")}</p>
      <div className="relative mt-6">
        <div className="absolute top-2 right-2">
          <CopyButton text={code} label={t("copyCode")} />
        </div>
        <ScrollingCode
          label={t("quickStartCode")}
          testId="quick-start-code"
          className="max-w-full rounded-lg bg-slate-900 p-4 pt-14 text-sm leading-relaxed text-slate-100 sm:pt-4 sm:pr-32"
        >
          {code}
        </ScrollingCode>
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-mono font-semibold text-slate-900">BASE_URL</dt>
        <dd className="text-slate-700">{t.rich("varBaseUrl", { url: baseUrl, code: c })}</dd>
        <dt className="font-mono font-semibold text-slate-900">API_KEY</dt>
        <dd className="text-slate-700">{t.rich("varApiKey", { code: c })}</dd>
        <dt className="font-mono font-semibold text-slate-900">model</dt>
        <dd className="text-slate-700">{t("varModel")}</dd>
        <dt className="font-mono font-semibold text-slate-900">duration</dt>
        <dd className="text-slate-700">{t("varDuration")}</dd>
        <dt className="font-mono font-semibold text-slate-900">-N</dt>
        <dd className="text-slate-700">{t("varStream")}</dd>
      </dl>
    </section>
  );
}
