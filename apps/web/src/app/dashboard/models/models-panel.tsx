"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatAmount, formatUnitPrice } from "@vgen/contracts";
import { PageHeader } from "@/components/ui/card";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function ModelsPanel() {
  const trpc = useTRPC();
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  return (
    <>
      <PageHeader
        title="Models"
        description="The catalog. Billing is per second of video: billed seconds = max(duration, minimum charge), times the model's price. Rate limits apply per account and model."
      />
      {catalog.isPending ? (
        <Spinner label="Loading the catalog" />
      ) : catalog.error ? (
        <ErrorNote error={catalog.error} />
      ) : catalog.data.length === 0 ? (
        <EmptyState title="No models are available right now">
          Check the{" "}
          <Link className="underline" href="/status">
            status page
          </Link>
          .
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
          {catalog.data.map((m) => (
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
                    <p className="mt-1 text-sm text-slate-600">{m.purpose}</p>
                  </div>
                  <Badge tone={m.queue === "Pro Priority" ? "blue" : "gray"}>{m.queue}</Badge>
                </header>
                <p className="mt-4 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="model-price">
                  {formatUnitPrice(m.priceMicrosPerSecond)}
                </p>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                  <dt className="text-slate-600">Per second of video</dt>
                  <dd className="font-medium text-slate-900 tabular-nums" data-testid="model-per-second">
                    {m.price_per_second}
                  </dd>
                  <dt className="text-slate-600">Rate limit</dt>
                  <dd className="font-medium text-slate-900" data-testid="model-rate-limit">
                    {m.rate_limit_qps} QPS
                  </dd>
                  <dt className="text-slate-600">Minimum charge</dt>
                  <dd className="font-medium text-slate-900" data-testid="model-min-charge">
                    {m.min_charge_seconds} s
                  </dd>
                  <dt className="text-slate-600">Queue</dt>
                  <dd className="font-medium text-slate-900" data-testid="model-queue">
                    {m.queue}
                  </dd>
                  <dt className="text-slate-600">Sizes</dt>
                  <dd className="font-medium text-slate-900" data-testid="model-sizes">
                    {m.sizes.map((s, i) => (i === 0 ? `${s} (default)` : s)).join(", ")}
                  </dd>
                  <dt className="text-slate-600">Durations</dt>
                  <dd className="font-medium text-slate-900" data-testid="model-durations">
                    {m.duration.min}–{m.duration.max} s, default {m.duration.default} s
                  </dd>
                  <dt className="text-slate-600">Aspect ratios</dt>
                  <dd className="font-medium text-slate-900">{m.aspect_ratios.join(", ")}</dd>
                </dl>
                <p className="mt-4 text-sm text-slate-600">
                  A {m.duration.default} s clip costs{" "}
                  <span className="font-medium text-slate-900 tabular-nums">
                    {formatAmount(BigInt(Math.max(m.duration.default, m.minChargeSeconds)) * m.priceMicrosPerSecond)}
                  </span>
                  ; a 1 s clip is billed as {Math.max(1, m.minChargeSeconds)} s (
                  {formatAmount(BigInt(Math.max(1, m.minChargeSeconds)) * m.priceMicrosPerSecond)}).
                </p>
                <div className="mt-auto pt-4">
                  <Link
                    href={`/dashboard/playground?model=${encodeURIComponent(m.id)}`}
                    className="inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
                  >
                    Try {m.id} in the playground
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
