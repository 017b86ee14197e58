"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatUnitPrice, formatAmount, parseUsd } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import type { AppRouter } from "@/server/routers/_app";
import type { inferRouterOutputs } from "@trpc/server";

type Subscription = inferRouterOutputs<AppRouter>["subscriptions"]["list"]["subscriptions"][number];

const MONTH = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });

/** Dollars as typed → micro-dollars, or an error message. No floats. */
function parseCap(text: string): { micros: bigint } | { error: string } {
  const t = text.trim();
  if (!/^\$?\d{1,7}(\.\d{1,6})?$/.test(t)) return { error: "Enter a dollar amount such as 25 or 25.50." };
  const micros = parseUsd(t);
  if (micros <= 0n) return { error: "The cap must be more than $0." };
  return { micros };
}

function SubscriptionCard({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.subscriptions.list.queryKey() });
  const [cap, setCap] = useState("");
  const [capError, setCapError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const setStatus = useMutation(
    trpc.subscriptions.setStatus.mutationOptions({
      onSuccess: (r) => {
        setNotice(
          r.status === "paused" ? "Paused: new requests to this model are refused." : "Resumed: requests are accepted again.",
        );
        return invalidate();
      },
    }),
  );
  const setCapMutation = useMutation(
    trpc.subscriptions.setCap.mutationOptions({
      onSuccess: (r) => {
        setCap("");
        setNotice(
          r.monthlySpendCapMicros === null ? "Cap removed." : `Cap set to ${formatAmount(r.monthlySpendCapMicros)} a month.`,
        );
        return invalidate();
      },
    }),
  );
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
            {paused ? <Badge tone="amber">Paused</Badge> : <Badge tone="green">Active</Badge>}
          </span>
          {!sub.modelEnabled && <Badge tone="gray">Model withdrawn</Badge>}
        </div>
        <Button
          type="button"
          variant={paused ? "primary" : "secondary"}
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ modelId: sub.modelId, status: paused ? "active" : "paused" })}
          aria-describedby={`${headingId}-pause-hint`}
        >
          {paused ? "Resume" : "Pause"}
        </Button>
        <p id={`${headingId}-pause-hint`} className="sr-only">
          {paused
            ? `Resume accepting requests for ${sub.modelId}`
            : `Pause ${sub.modelId}: new requests will be refused with subscription_paused`}
        </p>
      </header>
      <div className="grid gap-6 px-5 py-4 md:grid-cols-3">
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">Plan & limits</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Queue</dt>
            <dd>{sub.queue}</dd>
            <dt className="text-slate-600">Price</dt>
            <dd className="tabular-nums">{formatUnitPrice(sub.priceMicrosPerSecond)}</dd>
            <dt className="text-slate-600">Rate limit</dt>
            <dd className="tabular-nums">{sub.rateLimitQps} requests / s</dd>
            <dt className="text-slate-600">Min charge</dt>
            <dd className="tabular-nums">{sub.minChargeSeconds} s</dd>
          </dl>
        </div>
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">{MONTH.format(sub.month.start)}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Generations</dt>
            <dd className="tabular-nums" data-testid="month-generations">
              {sub.month.generations} <span className="text-slate-600">({sub.month.completed} completed)</span>
            </dd>
            <dt className="text-slate-600">Billed seconds</dt>
            <dd className="tabular-nums" data-testid="month-seconds">
              {sub.month.billedSeconds}
            </dd>
            <dt className="text-slate-600">Spend</dt>
            <dd className="tabular-nums" data-testid="month-spend">
              {formatAmount(sub.month.spendMicros)}
              {sub.month.heldMicros > 0n && (
                <span className="text-slate-600"> (incl. {formatAmount(sub.month.heldMicros)} on hold)</span>
              )}
            </dd>
          </dl>
        </div>
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">Monthly spend cap</h3>
          <p className="mt-2 text-sm" data-testid="subscription-cap">
            {capMicros === null ? "No cap" : `${formatAmount(capMicros)} a month`}
          </p>
          {capMicros !== null && (
            <div className="mt-2">
              <div
                className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-label={`Spend against the cap for ${sub.modelId}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.min(100, Math.round(usedPct))}
                aria-valuetext={`${formatAmount(sub.month.spendMicros)} of ${formatAmount(capMicros)}`}
              >
                <div
                  className={`h-full ${usedPct >= 100 ? "bg-red-600" : usedPct >= 80 ? "bg-amber-500" : "bg-emerald-600"}`}
                  style={{ width: `${Math.min(100, usedPct)}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {usedPct.toFixed(1)}% used; requests that would pass it get 403 spend_limit_reached.
              </p>
            </div>
          )}
          <form
            className="mt-3 space-y-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setNotice(null);
              const parsed = parseCap(cap);
              if ("error" in parsed) return setCapError(parsed.error);
              setCapError(null);
              setCapMutation.mutate({ modelId: sub.modelId, cap: cap.trim() });
            }}
          >
            <TextField
              label={capMicros === null ? "Set a cap (USD)" : "New cap (USD)"}
              inputMode="decimal"
              placeholder="e.g. 50.00"
              value={cap}
              onChange={(e) => setCap(e.target.value)}
              error={capError}
              hint="Charges plus holds this calendar month (UTC)."
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" disabled={setCapMutation.isPending}>
                Save cap
              </Button>
              {capMicros !== null && (
                <Button
                  type="button"
                  variant="ghost"
                  disabled={setCapMutation.isPending}
                  onClick={() => setCapMutation.mutate({ modelId: sub.modelId, cap: null })}
                >
                  Remove cap
                </Button>
              )}
            </div>
          </form>
        </div>
      </div>
      <div className="px-5 pb-4">
        <ErrorNote error={setStatus.error ?? setCapMutation.error} />
        <p role="status" className="text-sm text-slate-700">
          {notice}
        </p>
      </div>
    </section>
  );
}

export function SubscriptionsPanel() {
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
      <PageHeader
        title="My subscriptions"
        description="One subscription per model you use, created at your first request or here. Pause a model or cap its monthly spend; paused requests get 403 subscription_paused."
      />
      {list.isPending ? (
        <Spinner label="Loading subscriptions" />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : (
        <div className="space-y-6">
          {list.data.subscriptions.length === 0 ? (
            <EmptyState title="No subscriptions yet">
              Your first request to a model subscribes you to it, or subscribe to a model below.
            </EmptyState>
          ) : (
            list.data.subscriptions.map((s) => <SubscriptionCard key={s.id} sub={s} />)
          )}
          <Card title="Subscribe" description="Catalog models you are not subscribed to yet.">
            {list.data.available.length === 0 ? (
              <p className="text-sm text-slate-600">You are subscribed to every model in the catalog.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Models available to subscribe">
                {list.data.available.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-mono text-sm font-semibold text-slate-900">{m.id}</p>
                      <p className="text-sm text-slate-600">
                        {m.purpose} · {formatUnitPrice(m.priceMicrosPerSecond)} · {m.queue} · {m.rateLimitQps} QPS · min{" "}
                        {m.minChargeSeconds} s
                      </p>
                    </div>
                    <Button
                      type="button"
                      disabled={subscribe.isPending}
                      onClick={() => subscribe.mutate({ modelId: m.id })}
                      aria-label={`Subscribe to ${m.id}`}
                    >
                      Subscribe
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <ErrorNote error={subscribe.error} />
          </Card>
        </div>
      )}
    </>
  );
}
