"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { formatAmount, formatUtc } from "@vgen/contracts";
import { useApiErrorText } from "@/i18n/api-error";
import { usePricePerSecond } from "@/i18n/format";
import { VideoPlayer } from "@/components/dashboard/video-player";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Button } from "@/components/ui/button";
import { Badge, EmptyState, ErrorNote, QueryState, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { extendHref, rerunHref } from "../../playground/prefill";
import { STATUS_TONE } from "../format";
import { SentRequest } from "../../webhooks/sent-request";
import { UtcTime } from "@/components/ui/utc-time";

const LINK_BUTTON =
  "inline-flex items-center justify-center rounded-md px-3.5 py-2 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2";

export function GenerationDetailPanel({ id }: { id: string }) {
  const t = useTranslations("generation");
  const ts = useTranslations("status");
  const tl = useTranslations("ledgerType");
  const tn = useTranslations("nav");
  const tu = useTranslations("units");
  const perSecond = usePricePerSecond();
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const detail = useQuery(trpc.generations.get.queryOptions({ id }));
  const deliveries = useQuery(trpc.webhooks.deliveries.queryOptions({ generationId: id, limit: 20 }));
  const router = useRouter();
  const queryClient = useQueryClient();
  // The join is a completed record of its own: open it.
  const join = useMutation(
    trpc.generations.concat.mutationOptions({
      onSuccess: (joined) => {
        void queryClient.invalidateQueries({ queryKey: trpc.generations.list.pathKey() });
        router.push(`/dashboard/generations/${encodeURIComponent(joined.id)}`);
      },
    }),
  );

  if (detail.isPending) return <Spinner label={t("loading")} />;
  if (detail.error)
    return (
      <>
        <PageHeader title={t("title")} />
        <ErrorNote error={detail.error} />
        <p className="mt-4 text-sm">
          <Link className="underline" href="/dashboard/generations">
            {t("all")}
          </Link>
        </p>
      </>
    );

  const { generation: g, routeAttempts, ledger } = detail.data;
  // A full refund replaces "Charged"; a partial one is a line of its own below the charge.
  const refundedInFull = g.refundedMicros !== null && g.refundedMicros >= g.costMicros;
  // A clip still stored can be continued; the last clip of a chain (an extension nothing extends yet) can be joined.
  const extendable = g.status === "completed" && g.outputUrl !== null;
  const joinable = extendable && g.extendedFrom !== null && g.extensions.length === 0;
  const isJoin = g.concatOf.length > 0;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link className="text-slate-600 underline hover:text-slate-900" href="/dashboard/generations">
          {t("all")}
        </Link>
      </p>
      <PageHeader
        title={t("title")}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="break-all font-mono text-xs">{g.id}</code>
            <span data-testid="detail-status">
              <Badge tone={STATUS_TONE[g.status]}>{ts(g.status)}</Badge>
            </span>
          </span>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {joinable && (
              <Button type="button" variant="secondary" onClick={() => join.mutate({ id: g.id })} disabled={join.isPending}>
                {join.isPending ? t("joining") : t("joinChain")}
              </Button>
            )}
            {extendable && (
              <Link
                href={extendHref(g)}
                className={`${LINK_BUTTON} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-slate-900`}
              >
                {t("extend")}
              </Link>
            )}
            {!isJoin && (
              <Link
                href={rerunHref(g)}
                className={`${LINK_BUTTON} bg-slate-900 text-white hover:bg-slate-700 focus-visible:outline-slate-900`}
              >
                {t("runAgain")}
              </Link>
            )}
          </div>
        }
      />
      {join.error && (
        <div className="mb-4" data-testid="join-error">
          <ErrorNote error={join.error} />
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <Card
          title={t("output")}
          description={
            g.outputExpired || g.expiresAt ? <OutputRetentionNote expiresAt={g.expiresAt} expired={g.outputExpired} /> : undefined
          }
        >
          {g.outputExpired ? (
            <EmptyState title={t("expiredTitle")}>{t("expiredHint")}</EmptyState>
          ) : g.outputs.length > 0 ? (
            // One player per clip (several when the request asked for `n`).
            <div className="space-y-4">
              {g.outputs.map((o, i) => (
                <VideoPlayer
                  key={o.url}
                  src={o.url}
                  poster={o.posterUrl}
                  title={
                    g.outputs.length > 1
                      ? `${t("clipTitle", { prompt: g.prompt })} (${i + 1}/${g.outputs.length})`
                      : t("clipTitle", { prompt: g.prompt })
                  }
                  aspectRatio={g.aspectRatio}
                  resolution={g.size}
                  duration={g.duration}
                />
              ))}
            </div>
          ) : (
            <EmptyState
              title={
                g.status === "processing" ? t("stillRendering") : g.status === "failed" ? t("noClipFailed") : t("noClipCanceled")
              }
            >
              {g.status === "processing" ? (
                <Link className="underline" href={`/dashboard/playground?id=${encodeURIComponent(g.id)}`}>
                  {t("watchProgress")}
                </Link>
              ) : (
                t("nothingCharged")
              )}
            </EmptyState>
          )}
        </Card>

        <Card title={t("inputs")}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm" data-testid="generation-inputs">
            <Row label={t("prompt")}>
              <span className="whitespace-pre-wrap break-words">{g.prompt}</span>
            </Row>
            <Row label={t("model")}>{g.modelId}</Row>
            {g.extendedFrom && (
              <Row label={t("extends")}>
                <GenerationLinks ids={[g.extendedFrom]} testId="extends" />
              </Row>
            )}
            {g.extensions.length > 0 && (
              <Row label={t("extendedBy")}>
                <GenerationLinks ids={g.extensions} testId="extended-by" />
              </Row>
            )}
            {isJoin && (
              <Row label={t("joinedFrom", { count: g.concatOf.length })}>
                <GenerationLinks ids={g.concatOf} testId="joined-from" />
              </Row>
            )}
            <Row label={t("duration")}>{tu("seconds", { count: g.duration })}</Row>
            <Row label={t("size")}>{g.size}</Row>
            <Row label={t("aspectRatio")}>{g.aspectRatio}</Row>
            {g.firstFrameUrl && <Row label={t("firstFrame")}>{g.firstFrameUrl}</Row>}
            {g.lastFrameUrl && <Row label={t("lastFrame")}>{g.lastFrameUrl}</Row>}
            {g.urls.map((u, i) => (
              <Row key={u} label={t("reference", { n: i + 1 })}>
                {u}
              </Row>
            ))}
            <Row label={t("webhookUrl")}>{g.webhookUrl ?? t("none")}</Row>
            <Row label={t("source")}>{g.apiKeyName ?? tn("playground")}</Row>
            {refundedInFull ? (
              <Row label={t("refunded")}>
                <span className="tabular-nums">{t("refundedInFull", { amount: formatAmount(g.costMicros) })}</span>
              </Row>
            ) : (
              <Row label={g.status === "completed" ? t("charged") : g.status === "processing" ? t("held") : t("cost")}>
                <span className="tabular-nums" data-testid="generation-charged">
                  {isJoin
                    ? t("joinCost", { amount: formatAmount(g.costMicros) })
                    : g.status === "failed" || g.status === "canceled"
                      ? t("released", { amount: formatAmount(0n) })
                      : t("costBreakdown", {
                          amount: formatAmount(g.costMicros),
                          seconds: g.billedSeconds,
                          price: perSecond(g.priceMicrosPerSecond),
                        })}
                </span>
              </Row>
            )}
            {g.refundedMicros !== null && !refundedInFull && (
              <Row label={t("refunded")}>
                <span className="tabular-nums">{formatAmount(g.refundedMicros)}</span>
              </Row>
            )}
          </dl>
        </Card>

        <Card title={t("timeline")} description={t("timesUtc")}>
          <ol className="space-y-3 text-sm" data-testid="generation-timeline">
            <TimelineStep label={t("created")} at={g.createdAt} />
            {g.startedAt && <TimelineStep label={t("started")} at={g.startedAt} />}
            {g.status === "processing" && <li className="text-slate-600">{t("rendering", { progress: g.progress })}</li>}
            {g.completedAt && g.status !== "processing" && (
              <TimelineStep
                label={g.status === "completed" ? t("completed") : g.status === "failed" ? t("failed") : t("canceled")}
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
                    {g.errorMessage ? errorText({ message: g.errorMessage, data: { apiCode: g.errorCode } }) : t("failedMessage")}
                  </p>
                )}
              </TimelineStep>
            )}
          </ol>
          {routeAttempts.length > 0 && (
            <div className="mt-5">
              <DataTable
                label={t("routeAttempts")}
                captionVisible
                bleed={false}
                testId="route-attempts"
                rows={routeAttempts.map((a, i) => ({ ...a, no: i + 1 }))}
                rowKey={(a) => a.id}
                columns={[
                  { id: "no", header: "#", numeric: true, className: "w-8", cell: (a) => a.no },
                  {
                    id: "started",
                    header: t("started"),
                    className: "tabular-nums",
                    cell: (a) => <UtcTime value={a.startedAt} />,
                  },
                  { id: "outcome", header: t("outcome"), cell: (a) => (a.outcome ? a.outcome.replace("_", " ") : t("running")) },
                ]}
              />
            </div>
          )}
        </Card>

        <Card title={t("ledger")} description={t("ledgerHint")}>
          {ledger.length === 0 ? (
            <EmptyState title={t("noLedger")} />
          ) : (
            <DataTable
              label={t("ledgerCaption")}
              bleed={false}
              testId="generation-ledger"
              rows={ledger}
              rowKey={(e) => e.id}
              rowAttributes={(e) => ({ "data-testid": "generation-ledger-row", "data-type": e.type })}
              columns={[
                { id: "type", header: t("type"), cell: (e) => tl(e.type) },
                {
                  id: "amount",
                  header: t("amount"),
                  numeric: true,
                  className: "whitespace-nowrap",
                  cellClassName: (e) => (e.amountMicros < 0n ? "text-red-700" : "text-emerald-700"),
                  cell: (e) => `${e.amountMicros > 0n ? "+" : ""}${formatAmount(e.amountMicros)}`,
                },
                {
                  id: "balanceAfter",
                  header: t("balanceAfter"),
                  numeric: true,
                  hideBelow: "sm",
                  className: "whitespace-nowrap",
                  cell: (e) => formatAmount(e.balanceAfterMicros),
                },
                {
                  id: "time",
                  header: t("time"),
                  className: "text-xs tabular-nums text-slate-700",
                  cell: (e) => <UtcTime value={e.createdAt} />,
                },
              ]}
            />
          )}
        </Card>

        <Card title={t("deliveries")} className="xl:col-span-2">
          <QueryState
            query={deliveries}
            loading={t("loadingDeliveries")}
            isEmpty={(d) => d.data.length === 0}
            empty={<EmptyState title={t("noDeliveries")}>{g.webhookUrl ? t("webhookOnFinish") : t("noWebhook")}</EmptyState>}
          >
            {(data) => (
              <ul className="divide-y divide-slate-100 text-sm" data-testid="generation-deliveries">
                {data.data.map((d) => (
                  <li key={d.id} className="py-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="min-w-0">
                        <span className="font-medium">{d.eventType}</span>{" "}
                        <span className="break-all text-slate-600">→ {d.url}</span>
                      </span>
                      <span className="flex items-center gap-2 text-slate-700">
                        <Badge tone={d.status === "delivered" ? "green" : d.status === "failed" ? "red" : "amber"}>
                          {d.status}
                        </Badge>
                        {t("attempts", { count: d.attemptCount })}
                        {d.lastResponse?.status ? t("lastHttp", { status: d.lastResponse.status }) : ""}
                      </span>
                    </div>
                    {d.attempts.length > 0 && (
                      <SentRequest body={d.body} headers={d.attempts[d.attempts.length - 1]!.requestHeaders} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          <p className="mt-3 text-sm">
            <Link className="underline" href="/dashboard/webhooks">
              {t("allDeliveries")}
            </Link>
          </p>
        </Card>
      </div>
    </>
  );
}

/** "Expires <date> UTC" while the output is kept, "Expired" after. */
function OutputRetentionNote({ expiresAt, expired }: { expiresAt: Date | null; expired: boolean }) {
  const t = useTranslations("generation");
  if (expired || !expiresAt) return <span data-testid="output-retention">{t("expired")}</span>;
  return <span data-testid="output-retention">{t.rich("expires", { at: () => <UtcTime value={expiresAt} /> })}</span>;
}

/** Links to other generations of the account (a chain's clips), in order. */
function GenerationLinks({ ids, testId }: { ids: string[]; testId: string }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1" data-testid={testId}>
      {ids.map((id) => (
        <li key={id}>
          <Link className="break-all font-mono text-xs underline" href={`/dashboard/generations/${encodeURIComponent(id)}`}>
            {id}
          </Link>
        </li>
      ))}
    </ul>
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
