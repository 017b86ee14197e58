"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatUnitPrice, formatAmount } from "@vgen/contracts";
import { VideoPlayer } from "@/components/dashboard/video-player";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { rerunHref } from "../../playground/prefill";
import { formatUtc, sourceLabel, STATUS_TONE } from "../format";

const LINK_BUTTON =
  "inline-flex items-center justify-center rounded-md px-3.5 py-2 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2";

export function GenerationDetailPanel({ id }: { id: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.generations.get.queryOptions({ id }));
  const deliveries = useQuery(trpc.webhooks.deliveries.queryOptions({ generationId: id, limit: 20 }));

  if (detail.isPending) return <Spinner label="Loading the generation" />;
  if (detail.error)
    return (
      <>
        <PageHeader title="Generation" />
        <ErrorNote error={detail.error} />
        <p className="mt-4 text-sm">
          <Link className="underline" href="/dashboard/generations">
            ← All generations
          </Link>
        </p>
      </>
    );

  const { generation: g, routeAttempts, ledger } = detail.data;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link className="text-slate-600 underline hover:text-slate-900" href="/dashboard/generations">
          ← All generations
        </Link>
      </p>
      <PageHeader
        title="Generation"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="break-all font-mono text-xs">{g.id}</code>
            <span data-testid="detail-status">
              <Badge tone={STATUS_TONE[g.status]}>{g.status}</Badge>
            </span>
          </span>
        }
        actions={
          <Link
            href={rerunHref(g)}
            className={`${LINK_BUTTON} bg-slate-900 text-white hover:bg-slate-700 focus-visible:outline-slate-900`}
          >
            Run again
          </Link>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="Output">
          {g.outputUrl ? (
            <VideoPlayer
              src={g.outputUrl}
              title={`Generated clip: ${g.prompt}`}
              aspectRatio={g.aspectRatio}
              resolution={g.size}
              duration={g.duration}
            />
          ) : (
            <EmptyState
              title={
                g.status === "processing"
                  ? "Still rendering"
                  : `No clip: the generation ${g.status === "failed" ? "failed" : "was canceled"}`
              }
            >
              {g.status === "processing" ? (
                <Link className="underline" href={`/dashboard/playground?id=${encodeURIComponent(g.id)}`}>
                  Watch its progress in the playground
                </Link>
              ) : (
                "Nothing was charged."
              )}
            </EmptyState>
          )}
        </Card>

        <Card title="Inputs">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm" data-testid="generation-inputs">
            <Row label="Prompt">
              <span className="whitespace-pre-wrap break-words">{g.prompt}</span>
            </Row>
            <Row label="Model">{g.modelId}</Row>
            <Row label="Duration">{g.duration} s</Row>
            <Row label="Size">{g.size}</Row>
            <Row label="Aspect ratio">{g.aspectRatio}</Row>
            {g.firstFrameUrl && <Row label="First frame">{g.firstFrameUrl}</Row>}
            {g.lastFrameUrl && <Row label="Last frame">{g.lastFrameUrl}</Row>}
            {g.urls.map((u, i) => (
              <Row key={u} label={`Reference ${i + 1}`}>
                {u}
              </Row>
            ))}
            <Row label="Webhook URL">{g.webhookUrl ?? "None"}</Row>
            <Row label="Source">{sourceLabel(g.apiKeyName)}</Row>
            <Row label={g.status === "completed" ? "Charged" : g.status === "processing" ? "Held" : "Cost"}>
              <span className="tabular-nums">
                {g.status === "failed" || g.status === "canceled"
                  ? `${formatAmount(0n)} (released)`
                  : `${formatAmount(g.costMicros)} (${g.billedSeconds} s billed × ${formatUnitPrice(g.priceMicrosPerSecond)})`}
              </span>
            </Row>
          </dl>
        </Card>

        <Card title="Timeline" description="Times are UTC.">
          <ol className="space-y-3 text-sm" data-testid="generation-timeline">
            <TimelineStep label="Created" at={g.createdAt} />
            {g.startedAt && <TimelineStep label="Started" at={g.startedAt} />}
            {g.status === "processing" && <li className="text-slate-600">Rendering: {g.progress}% done</li>}
            {g.completedAt && g.status !== "processing" && (
              <TimelineStep
                label={g.status === "completed" ? "Completed" : g.status === "failed" ? "Failed" : "Canceled"}
                at={g.completedAt}
              >
                {g.status === "failed" && (
                  <p className="mt-1 text-red-800">
                    {g.errorCode && (
                      <Link className="font-mono underline" href={`/errors#${g.errorCode}`}>
                        {g.errorCode}
                      </Link>
                    )}
                    {g.errorCode && ": "}
                    {g.errorMessage ?? "The generation failed."}
                  </p>
                )}
              </TimelineStep>
            )}
          </ol>
          {routeAttempts.length > 0 && (
            <table className="mt-5 w-full text-left text-sm" data-testid="route-attempts">
              <caption className="mb-1 text-left text-sm font-medium text-slate-800">Route attempts</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    #
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Started
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Outcome
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {routeAttempts.map((a, i) => (
                  <tr key={a.id}>
                    <td className="py-1.5 pr-3 tabular-nums">{i + 1}</td>
                    <td className="py-1.5 pr-3 tabular-nums">
                      <time dateTime={a.startedAt.toISOString()}>{formatUtc(a.startedAt)}</time>
                    </td>
                    <td className="py-1.5">{a.outcome ? a.outcome.replace("_", " ") : "running"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>

        <Card title="Ledger entries" description="The money this generation moved.">
          {ledger.length === 0 ? (
            <EmptyState title="No ledger entries" />
          ) : (
            <table className="w-full text-left text-sm" data-testid="generation-ledger">
              <caption className="sr-only">Ledger entries of this generation, oldest first</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Type
                  </th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="hidden py-1.5 pr-3 text-right font-medium sm:table-cell">
                    Balance after
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Time
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {ledger.map((e) => (
                  <tr key={e.id} data-testid="generation-ledger-row" data-type={e.type}>
                    <td className="py-1.5 pr-3">{e.type.replace("_", " ")}</td>
                    <td
                      className={`whitespace-nowrap py-1.5 pr-3 text-right tabular-nums ${e.amountMicros < 0n ? "text-red-700" : "text-emerald-700"}`}
                    >
                      {e.amountMicros > 0n ? "+" : ""}
                      {formatAmount(e.amountMicros)}
                    </td>
                    <td className="hidden whitespace-nowrap py-1.5 pr-3 text-right tabular-nums sm:table-cell">
                      {formatAmount(e.balanceAfterMicros)}
                    </td>
                    <td className="py-1.5 text-xs tabular-nums text-slate-700">
                      <time dateTime={e.createdAt.toISOString()}>{formatUtc(e.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>

        <Card title="Webhook deliveries" className="xl:col-span-2">
          {deliveries.isPending ? (
            <Spinner label="Loading deliveries" />
          ) : deliveries.error ? (
            <ErrorNote error={deliveries.error} />
          ) : deliveries.data.data.length === 0 ? (
            <EmptyState title="No webhook deliveries">
              {g.webhookUrl ? "The webhook is sent when the generation finishes." : "This request set no webhook URL."}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="generation-deliveries">
              {deliveries.data.data.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-medium">{d.eventType}</span> <span className="break-all text-slate-600">→ {d.url}</span>
                  </span>
                  <span className="flex items-center gap-2 text-slate-700">
                    <Badge tone={d.status === "delivered" ? "green" : d.status === "failed" ? "red" : "amber"}>{d.status}</Badge>
                    {d.attemptCount} attempt{d.attemptCount === 1 ? "" : "s"}
                    {d.lastResponse?.status ? ` · last HTTP ${d.lastResponse.status}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <Link className="underline" href="/dashboard/webhooks">
              All deliveries and resend
            </Link>
          </p>
        </Card>
      </div>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

function TimelineStep({ label, at, children }: { label: string; at: Date; children?: ReactNode }) {
  return (
    <li className="border-l-2 border-slate-200 pl-3">
      <span className="font-medium text-slate-900">{label}</span>{" "}
      <time className="tabular-nums text-slate-600" dateTime={at.toISOString()}>
        {formatUtc(at)}
      </time>
      {children}
    </li>
  );
}
