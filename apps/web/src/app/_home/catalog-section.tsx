import { formatAmount } from "@vgen/contracts";
import type { modelView } from "@vgen/engine/catalog";
import type { SampleClip as Clip } from "@vgen/engine/samples";
import { Clock, Film, Gauge, Layers } from "lucide-react";
import { useTranslations } from "next-intl";
import { useModelPurpose } from "@/i18n/model-purpose";
import { SampleClip } from "./sample-clip";

export type ModelCard = ReturnType<typeof modelView> & { priceMicrosPerSecond: bigint; purposeRu: string; sample?: Clip };

/**
 * The catalog on the landing page, as GET /api/v1/models answers it: what each model is for, its
 * price per second (the API's own figure), the minimum charge, the queue it runs in and a sample clip.
 */
export function CatalogSection({ models }: { models: ModelCard[] | null }) {
  const t = useTranslations("home");
  const tm = useTranslations("models");
  const tu = useTranslations("units");
  const purposeOf = useModelPurpose();
  return (
    <section aria-labelledby="catalog-title" className="mt-16">
      <h2 id="catalog-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {t("catalogTitle")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t("catalogLead")}</p>
      {models === null || models.length === 0 ? (
        <p role="status" className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-700">
          {models === null ? t("catalogUnavailable") : tm("empty")}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {models.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`home-model-${m.id}`}
                data-testid="catalog-model"
                data-model-id={m.id}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h3 id={`home-model-${m.id}`} className="font-mono text-lg font-semibold text-slate-900">
                  {m.id}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{purposeOf(m)}</p>
                <SampleClip modelId={m.id} clip={m.sample} />
                <p className="mt-4 text-2xl font-semibold tabular-nums text-slate-900" data-testid="catalog-price">
                  {tu("pricePerSecond", { price: m.price_per_second })}
                </p>
                <p className="text-xs text-slate-600">{tm("perSecond")}</p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
                  <Fact icon={<Gauge aria-hidden className="h-4 w-4" />} label={tm("minCharge")}>
                    <span data-testid="catalog-min-charge">
                      {t("minChargeValue", {
                        seconds: m.min_charge_seconds,
                        cost: formatAmount(BigInt(m.min_charge_seconds) * m.priceMicrosPerSecond),
                      })}
                    </span>
                  </Fact>
                  <Fact icon={<Layers aria-hidden className="h-4 w-4" />} label={tm("queue")}>
                    <span data-testid="catalog-queue">{m.queue}</span>
                  </Fact>
                  <Fact icon={<Clock aria-hidden className="h-4 w-4" />} label={tm("durations")}>
                    {tm("durationRange", { min: m.duration.min, max: m.duration.max, default: m.duration.default })}
                  </Fact>
                  <Fact icon={<Film aria-hidden className="h-4 w-4" />} label={tm("sizes")}>
                    {m.sizes.join(", ")}
                  </Fact>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="flex items-center gap-1.5 text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </>
  );
}
