"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatAmount } from "@vgen/contracts";
import { Card, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { when } from "./format";

const STATUS_TONE = { processing: "blue", completed: "green", failed: "red", canceled: "gray" } as const;

/**
 * One generation for staff: the record, the routes it tried, its webhook deliveries, and the trace
 * id to look it up in the tracing backend (docs/operations.md#tracing).
 */
export function GenerationReview({ generationId }: { generationId: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.support.generation.queryOptions({ generationId }));
  return (
    <>
      <PageHeader title="Generation" description={<span className="font-mono">{generationId}</span>} />
      <QueryState query={detail} loading="Loading the generation">
        {({ generation: g, routeAttempts, deliveries }) => (
          <>
            <Card title="Record">
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-slate-500">Account</dt>
                <dd>
                  <Link href={`/console/accounts/${g.accountId}`} className="text-indigo-700 underline">
                    {g.accountId}
                  </Link>
                </dd>
                <dt className="text-slate-500">Status</dt>
                <dd>
                  <Badge tone={STATUS_TONE[g.status]}>{g.status}</Badge>
                  {!g.livemode && <span className="ml-2 text-xs text-slate-500">test mode</span>}
                  {g.errorCode && (
                    <div className="mt-0.5 break-words text-xs text-red-700">
                      <span className="font-mono">{g.errorCode}</span> {g.errorMessage}
                    </div>
                  )}
                </dd>
                <dt className="text-slate-500">Model</dt>
                <dd>
                  {g.modelId} · {g.size} · {g.duration}s · {formatAmount(g.costMicros)}
                </dd>
                <dt className="text-slate-500">Prompt</dt>
                <dd className="break-words">{g.prompt}</dd>
                <dt className="text-slate-500">Trace</dt>
                <dd data-testid="generation-trace-id">
                  {g.traceId ? (
                    <span className="inline-flex items-center gap-2">
                      <span className="font-mono text-xs">{g.traceId}</span>
                      <CopyButton text={g.traceId} label="Copy trace id" />
                    </span>
                  ) : (
                    <span className="text-slate-500">none (tracing was off when it was created)</span>
                  )}
                </dd>
                <dt className="text-slate-500">Created</dt>
                <dd>{when(g.createdAt)}</dd>
                <dt className="text-slate-500">Started</dt>
                <dd>{g.startedAt ? when(g.startedAt) : "—"}</dd>
                <dt className="text-slate-500">Finished</dt>
                <dd>{g.completedAt ? when(g.completedAt) : "—"}</dd>
              </dl>
            </Card>
            <Card title="Route attempts">
              {routeAttempts.length === 0 ? (
                <EmptyState title="No route attempts" />
              ) : (
                <DataTable
                  label="Route attempts"
                  testId="generation-route-attempts"
                  rows={routeAttempts}
                  rowKey={(a) => a.id}
                  columns={[
                    {
                      id: "route",
                      header: "Route",
                      cell: (a) => (
                        <>
                          {a.route.provider}
                          {a.route.credentials && <div className="font-mono text-xs text-slate-500">{a.route.credentials}</div>}
                        </>
                      ),
                    },
                    { id: "started", header: "Started", className: "whitespace-nowrap", cell: (a) => when(a.startedAt) },
                    {
                      id: "outcome",
                      header: "Outcome",
                      cell: (a) => (
                        <>
                          {a.outcome ?? "running"}
                          {a.errorDetail && <div className="break-words text-xs text-red-700">{a.errorDetail}</div>}
                        </>
                      ),
                    },
                    { id: "upstream", header: "Upstream id", className: "font-mono text-xs", cell: (a) => a.upstreamId ?? "—" },
                  ]}
                />
              )}
            </Card>
            <Card title="Webhook deliveries">
              {deliveries.length === 0 ? (
                <EmptyState title="No webhook deliveries" />
              ) : (
                <DataTable
                  label="Webhook deliveries"
                  testId="generation-deliveries"
                  rows={deliveries}
                  rowKey={(d) => d.id}
                  columns={[
                    { id: "event", header: "Event", className: "font-mono text-xs", cell: (d) => d.eventType },
                    { id: "url", header: "URL", className: "break-all text-xs", cell: (d) => d.url },
                    { id: "status", header: "Status", cell: (d) => d.status },
                    { id: "attempts", header: "Attempts", numeric: true, cell: (d) => d.attemptCount },
                  ]}
                />
              )}
            </Card>
          </>
        )}
      </QueryState>
    </>
  );
}
