"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { usePricePerSecond } from "@/i18n/format";
import { useModelPurpose } from "@/i18n/model-purpose";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, FormError, QueryState } from "@/components/ui/states";
import { SetCapInput } from "@/server/routers/subscriptions/setCap.schema";
import { useTRPC } from "@/trpc/client";
import type { AppRouter } from "@/server/routers/_app";
import type { inferRouterOutputs } from "@trpc/server";

type Subscription = inferRouterOutputs<AppRouter>["subscriptions"]["list"]["subscriptions"][number];

function SubscriptionCard({ sub }: { sub: Subscription }) {
  const t = useTranslations("subscriptions");
  const tu = useTranslations("units");
  const locale = useLocale();
  const perSecond = usePricePerSecond();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.subscriptions.list.queryKey() });
  const form = useSchemaForm(SetCapInput, { defaultValues: { modelId: sub.modelId, cap: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const [notice, setNotice] = useState<string | null>(null);
  const setStatus = useMutation(
    trpc.subscriptions.setStatus.mutationOptions({
      onSuccess: (r) => {
        setNotice(r.status === "paused" ? t("paused") : t("resumed"));
        return invalidate();
      },
    }),
  );
  const setCapMutation = useMutation(
    trpc.subscriptions.setCap.mutationOptions({
      onSuccess: (r) => {
        form.reset();
        setNotice(
          r.monthlySpendCapMicros === null ? t("capRemoved") : t("capSet", { amount: formatAmount(r.monthlySpendCapMicros) }),
        );
        return invalidate();
      },
    }),
  );
  const saveCap = form.handleSubmit((input) => setCapMutation.mutateAsync(input).then(() => {}, showServerErrors));
  const paused = sub.status === "paused";
  const capMicros = sub.monthlySpendCapMicros;
  const usedPct = capMicros ? Number((sub.month.spendMicros * 1000n) / capMicros) / 10 : 0;
  const headingId = `sub-${sub.modelId}`;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="subscription"
      data-model={sub.modelId}
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="flex items-center gap-3">
          <h2 id={headingId} className="font-mono text-base font-semibold text-slate-900">
            {sub.modelId}
          </h2>
          <span data-testid="subscription-status">
            {paused ? <Badge tone="amber">{t("pausedBadge")}</Badge> : <Badge tone="green">{t("activeBadge")}</Badge>}
          </span>
          {!sub.modelEnabled && <Badge tone="gray">{t("withdrawn")}</Badge>}
        </div>
        <Button
          type="button"
          variant={paused ? "primary" : "secondary"}
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ modelId: sub.modelId, status: paused ? "active" : "paused" })}
          aria-describedby={`${headingId}-pause-hint`}
        >
          {paused ? t("resume") : t("pause")}
        </Button>
        <p id={`${headingId}-pause-hint`} className="sr-only">
          {paused ? t("resumeHint", { model: sub.modelId }) : t("pauseHint", { model: sub.modelId })}
        </p>
      </header>
      <div className="grid gap-6 px-5 py-4 md:grid-cols-3">
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">{t("planLimits")}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("queue")}</dt>
            <dd>{sub.queue}</dd>
            <dt className="text-slate-600">{t("price")}</dt>
            <dd className="tabular-nums">{perSecond(sub.priceMicrosPerSecond)}</dd>
            <dt className="text-slate-600">{t("rateLimit")}</dt>
            <dd className="tabular-nums">{t("rateLimitValue", { qps: sub.rateLimitQps })}</dd>
            <dt className="text-slate-600">{t("minCharge")}</dt>
            <dd className="tabular-nums">{tu("seconds", { count: sub.minChargeSeconds })}</dd>
          </dl>
        </div>
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">
            {new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(sub.month.start)}
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("generations")}</dt>
            <dd className="tabular-nums" data-testid="month-generations">
              {sub.month.generations}{" "}
              <span className="text-slate-600">{t("completedCount", { count: sub.month.completed })}</span>
            </dd>
            <dt className="text-slate-600">{t("billedSeconds")}</dt>
            <dd className="tabular-nums" data-testid="month-seconds">
              {sub.month.billedSeconds}
            </dd>
            <dt className="text-slate-600">{t("spend")}</dt>
            <dd className="tabular-nums" data-testid="month-spend">
              {formatAmount(sub.month.spendMicros)}
              {sub.month.heldMicros > 0n && (
                <span className="text-slate-600">{t("inclHeld", { amount: formatAmount(sub.month.heldMicros) })}</span>
              )}
            </dd>
          </dl>
        </div>
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">{t("monthlyCap")}</h3>
          <p className="mt-2 text-sm" data-testid="subscription-cap">
            {capMicros === null ? t("noCap") : t("capPerMonth", { amount: formatAmount(capMicros) })}
          </p>
          {capMicros !== null && (
            <div className="mt-2">
              <div
                className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-label={t("capProgress", { model: sub.modelId })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.min(100, Math.round(usedPct))}
                aria-valuetext={t("capProgressValue", {
                  spent: formatAmount(sub.month.spendMicros),
                  cap: formatAmount(capMicros),
                })}
              >
                <div
                  className={`h-full ${usedPct >= 100 ? "bg-red-600" : usedPct >= 80 ? "bg-amber-500" : "bg-emerald-600"}`}
                  style={{ width: `${Math.min(100, usedPct)}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-slate-600">{t("capUsed", { percent: usedPct.toFixed(1) })}</p>
            </div>
          )}
          <form
            className="mt-3 space-y-2"
            noValidate
            onSubmit={(e) => {
              setNotice(null);
              void saveCap(e);
            }}
          >
            <TextField
              label={capMicros === null ? t("setCap") : t("newCap")}
              inputMode="decimal"
              placeholder={t("capPlaceholder")}
              error={errors.cap?.message}
              hint={t("capHint")}
              {...form.register("cap")}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" disabled={isSubmitting || setCapMutation.isPending}>
                {t("saveCap")}
              </Button>
              {capMicros !== null && (
                <Button
                  type="button"
                  variant="ghost"
                  disabled={isSubmitting || setCapMutation.isPending}
                  onClick={() => {
                    setNotice(null);
                    form.clearErrors();
                    setCapMutation.mutateAsync({ modelId: sub.modelId, cap: null }).catch(showServerErrors);
                  }}
                >
                  {t("removeCap")}
                </Button>
              )}
            </div>
            {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
          </form>
        </div>
      </div>
      <div className="px-5 pb-4">
        <ErrorNote error={setStatus.error} />
        <p role="status" className="text-sm text-slate-700">
          {notice}
        </p>
      </div>
    </section>
  );
}

export function SubscriptionsPanel() {
  const t = useTranslations("subscriptions");
  const tn = useTranslations("nav");
  const perSecond = usePricePerSecond();
  const purposeOf = useModelPurpose();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.subscriptions.list.queryOptions());
  const subscribe = useMutation(
    trpc.subscriptions.subscribe.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.subscriptions.list.queryKey() }),
    }),
  );

  return (
    <>
      <PageHeader title={tn("subscriptions")} description={t("description")} />
      <QueryState query={list} loading={t("loading")}>
        {(data) => (
          <div className="space-y-6">
            {data.subscriptions.length === 0 ? (
              <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
            ) : (
              data.subscriptions.map((s) => <SubscriptionCard key={s.id} sub={s} />)
            )}
            <Card title={t("addModel")} description={t("addModelHint")}>
              {data.available.length === 0 ? (
                <p className="text-sm text-slate-600">{t("allSubscribed")}</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label={t("availableLabel")}>
                  {data.available.map((m) => (
                    <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                      <div>
                        <p className="font-mono text-sm font-semibold text-slate-900">{m.id}</p>
                        <p className="text-sm text-slate-600">
                          {t("modelLine", {
                            purpose: purposeOf(m),
                            price: perSecond(m.priceMicrosPerSecond),
                            queue: m.queue,
                            qps: m.rateLimitQps,
                            minCharge: m.minChargeSeconds,
                          })}
                        </p>
                      </div>
                      <Button
                        type="button"
                        disabled={subscribe.isPending}
                        onClick={() => subscribe.mutate({ modelId: m.id })}
                        aria-label={t("addLabel", { model: m.id })}
                      >
                        {t("add")}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <ErrorNote error={subscribe.error} />
            </Card>
          </div>
        )}
      </QueryState>
    </>
  );
}
