"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatAmount, quoteClip } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/ui/card";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { usePricePerSecond } from "@/i18n/format";
import { useModelPurpose } from "@/i18n/model-purpose";
import { useTRPC } from "@/trpc/client";

export function ModelsPanel() {
  const t = useTranslations("models");
  const tn = useTranslations("nav");
  const tu = useTranslations("units");
  const perSecond = usePricePerSecond();
  const purposeOf = useModelPurpose();
  const trpc = useTRPC();
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  return (
    <>
      <PageHeader title={tn("models")} description={t("description")} />
      <QueryState
        query={catalog}
        loading={t("loading")}
        isEmpty={(d) => d.length === 0}
        empty={
          <EmptyState title={t("empty")}>
            {t.rich("emptyHint", {
              link: (chunks) => (
                <Link className="underline" href="/status">
                  {chunks}
                </Link>
              ),
            })}
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
            {data.map((m) => (
              <li key={m.id}>
                <article
                  aria-labelledby={`model-${m.id}`}
                  data-testid={`model-${m.id}`}
                  className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <header className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h2 id={`model-${m.id}`} className="font-mono text-lg font-semibold text-slate-900">
                        {m.id}
                      </h2>
                      <p className="mt-1 text-sm text-slate-600">{purposeOf(m)}</p>
                    </div>
                    <Badge tone={m.queue === "Pro Priority" ? "blue" : "gray"}>{m.queue}</Badge>
                  </header>
                  <p className="mt-4 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="model-price">
                    {perSecond(m.priceMicrosPerSecond)}
                  </p>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                    <dt className="text-slate-600">{t("perSecond")}</dt>
                    <dd className="font-medium text-slate-900 tabular-nums" data-testid="model-per-second">
                      {m.price_per_second}
                    </dd>
                    <dt className="text-slate-600">{t("rateLimit")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-rate-limit">
                      {t("rateLimitValue", { qps: m.rate_limit_qps })}
                    </dd>
                    <dt className="text-slate-600">{t("minCharge")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-min-charge">
                      {tu("seconds", { count: m.min_charge_seconds })}
                    </dd>
                    <dt className="text-slate-600">{t("queue")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-queue">
                      {m.queue}
                    </dd>
                    <dt className="text-slate-600">{t("sizes")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-sizes">
                      {m.sizes.map((s, i) => (i === 0 ? t("defaultSize", { size: s }) : s)).join(", ")}
                    </dd>
                    <dt className="text-slate-600">{t("durations")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-durations">
                      {t("durationRange", { min: m.duration.min, max: m.duration.max, default: m.duration.default })}
                    </dd>
                    <dt className="text-slate-600">{t("aspectRatios")}</dt>
                    <dd className="font-medium text-slate-900">{m.aspect_ratios.join(", ")}</dd>
                    <dt className="text-slate-600">{t("maxOutputs")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-max-outputs">
                      {t("maxOutputsValue", { count: m.max_outputs })}
                    </dd>
                    <dt className="text-slate-600">{t("sound")}</dt>
                    <dd className="font-medium text-slate-900" data-testid="model-sound">
                      {m.audioPriceMicrosPerSecond === null
                        ? t("soundNone")
                        : t(m.audio.default ? "soundByDefault" : "soundOnRequest", {
                            price: perSecond(m.audioPriceMicrosPerSecond),
                          })}
                    </dd>
                  </dl>
                  <p className="mt-4 text-sm text-slate-600">
                    {t.rich("example", {
                      seconds: m.duration.default,
                      cost: formatAmount(quoteClip(m, m.duration.default).costMicros),
                      minSeconds: quoteClip(m, 1).billedSeconds,
                      minCost: formatAmount(quoteClip(m, 1).costMicros),
                      b: (chunks) => <span className="font-medium text-slate-900 tabular-nums">{chunks}</span>,
                    })}
                  </p>
                  <div className="mt-auto pt-4">
                    <Link
                      href={`/dashboard/playground?model=${encodeURIComponent(m.id)}`}
                      className="inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
                    >
                      {t("tryIt", { model: m.id })}
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
