import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { ApiError, ERROR_CATALOG, type ErrorCode, type ErrorDefinition } from "@vgen/contracts";
import { EnglishOnlyNote } from "@/components/english-only-note";
import { SiteHeader } from "@/components/site-header";
import { ScrollingCode } from "@/components/ui/scroll-region";
import { errorAnswerText } from "@/server/errors/http";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errorsPage");
  return { title: t("title"), description: t("description") };
}

type Entry = ErrorDefinition & { code: ErrorCode };

const ENTRIES: Entry[] = (Object.entries(ERROR_CATALOG) as [ErrorCode, ErrorDefinition][]).map(([code, d]) => ({ code, ...d }));

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

function statusTone(status: number | null) {
  if (status === null) return "bg-violet-50 text-violet-700 ring-violet-200";
  if (status >= 500) return "bg-red-50 text-red-700 ring-red-200";
  if (status === 429) return "bg-amber-50 text-amber-800 ring-amber-200";
  return "bg-orange-50 text-orange-700 ring-orange-200";
}

const SAMPLE_REQUEST_ID = "req_5c1b0d4e9a7f3e2d1c0b9a8f";

/** A 402 as the API sends it: the body built by the same code, with this deployment's doc_url. */
function sampleResponse(): string {
  return errorAnswerText(new ApiError("insufficient_balance"), SAMPLE_REQUEST_ID, STATUS_TEXT[402] ?? "");
}

/** Renders `code` spans of the catalog text. */
function Text({ children }: { children: string }) {
  return (
    <>
      {children.split(/(`[^`]+`)/g).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of a static description, never reordered
          <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of a static description, never reordered
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

/** HTTP's own reason phrase ("Too Many Requests"): part of the protocol, English like the codes, and marked so. */
function HttpReason({ status }: { status: number }) {
  return <span lang="en">{STATUS_TEXT[status] ?? ""}</span>;
}

function ErrorCard({ e }: { e: Entry }) {
  const t = useTranslations("errorsPage");
  return (
    <article
      id={e.code}
      className="group scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition target:border-blue-400 target:ring-4 target:ring-blue-100"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-mono text-base font-semibold text-slate-900">
          <a href={`#${e.code}`} className="hover:underline">
            {e.code}
          </a>
        </h3>
        <span
          className={`rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone(e.status)}`}
          data-testid="http-status"
        >
          {e.status === null ? (
            t("inFailedRecord")
          ) : (
            <>
              {e.status} <HttpReason status={e.status} />
            </>
          )}
        </span>
        <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-600">{e.type}</span>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[7rem_1fr]">
        <dt className="font-medium text-slate-500">{t("meaning")}</dt>
        <dd lang="en" className="text-slate-800">
          <Text>{e.meaning}</Text>
        </dd>
        <dt className="font-medium text-slate-500">{t("howToFix")}</dt>
        <dd lang="en" className="text-slate-800">
          <Text>{e.fix}</Text>
        </dd>
      </dl>
    </article>
  );
}

export default function ErrorsPage() {
  const t = useTranslations("errorsPage");
  const code = (chunks: ReactNode) => <code className="font-mono text-sm">{chunks}</code>;
  const httpErrors = ENTRIES.filter((e) => e.status !== null).sort((a, b) => a.status! - b.status!);
  const failures = ENTRIES.filter((e) => e.status === null);
  const statuses = [...new Set(httpErrors.map((e) => e.status!))];

  return (
    <>
      <SiteHeader current="errors" />
      <main id="main" tabIndex={-1} className="outline-none mx-auto grid max-w-7xl gap-10 px-6 py-10 lg:grid-cols-[14rem_1fr]">
        <aside className="hidden lg:block">
          <nav aria-label={t("codes")} className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pr-2 text-sm">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("httpErrors")}</p>
            <ul className="space-y-0.5">
              {httpErrors.map((e) => (
                <li key={e.code}>
                  <a
                    href={`#${e.code}`}
                    className="flex justify-between gap-2 rounded px-2 py-1 font-mono text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <span className="truncate">{e.code}</span>
                    <span className="text-slate-500">{e.status}</span>
                  </a>
                </li>
              ))}
            </ul>
            <p className="mb-2 mt-5 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("failures")}</p>
            <ul className="space-y-0.5">
              {failures.map((e) => (
                <li key={e.code}>
                  <a
                    href={`#${e.code}`}
                    className="block truncate rounded px-2 py-1 font-mono text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  >
                    {e.code}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
          <p className="mt-3 max-w-3xl text-slate-600">
            {t.rich("intro", {
              code,
              json: (chunks) => (
                <a href="/api/v1/errors" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
                  {chunks}
                </a>
              ),
              docs: (chunks) => (
                <Link href="/docs" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
                  {chunks}
                </Link>
              ),
            })}
          </p>
          <div className="mt-4">
            <EnglishOnlyNote what="errors" />
          </div>
          <ScrollingCode
            label={t("sampleLabel")}
            className="mt-6 rounded-xl bg-slate-900 p-4 text-[13px] leading-relaxed text-slate-100"
          >
            {sampleResponse()}
          </ScrollingCode>

          <section aria-labelledby="http-errors" className="mt-12">
            <h2 id="http-errors" className="text-xl font-semibold text-slate-900">
              {t("httpErrors")}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{t("httpErrorsHint")}</p>
            {statuses.map((status) => (
              <div key={status} className="mt-8">
                <h3
                  id={`status-${status}`}
                  className="mb-3 scroll-mt-20 text-sm font-semibold uppercase tracking-wide text-slate-500"
                >
                  {status} <HttpReason status={status} />
                </h3>
                <div className="grid gap-3">
                  {httpErrors
                    .filter((e) => e.status === status)
                    .map((e) => (
                      <ErrorCard key={e.code} e={e} />
                    ))}
                </div>
              </div>
            ))}
          </section>

          <section aria-labelledby="generation-failures" className="mt-14">
            <h2 id="generation-failures" className="text-xl font-semibold text-slate-900">
              {t("failureCodes")}
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-slate-500">
              {t.rich("failureCodesHint", {
                status: 'status: "failed"',
                error: "error: {code, message}",
                code: (chunks) => <code className="font-mono">{chunks}</code>,
              })}
            </p>
            <div className="mt-6 grid gap-3">
              {failures.map((e) => (
                <ErrorCard key={e.code} e={e} />
              ))}
            </div>
          </section>
        </div>
      </main>
    </>
  );
}
