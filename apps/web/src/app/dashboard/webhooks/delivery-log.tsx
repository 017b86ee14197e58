"use client";

import { formatUtc } from "@vgen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { DataTable } from "@/components/ui/data-table";
import { Badge, EmptyState, ErrorNote, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { SentRequest } from "./sent-request";

const STATUS_TONE = { pending: "amber", delivered: "green", failed: "red" } as const;
const STATUS_LABEL = { pending: "statusPending", delivered: "statusDelivered", failed: "statusFailed" } as const;

/** Deliveries and their attempts, newest first: the account's, or one endpoint's. */
export function DeliveryLog({ endpointId }: { endpointId?: string }) {
  const t = useTranslations("webhooks");
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const list = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ limit: 20, cursor, endpointId }), refetchInterval: 5000 });
  const [resendNote, setResendNote] = useState<string | null>(null);
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: async (res) => {
        setResendNote(
          res.ok ? t("resentOk") : t("resentStatus", { status: String(res.delivery.lastResponse?.status ?? t("withAnError")) }),
        );
        await qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
    }),
  );

  return (
    <Card
      title={t("deliveryLog")}
      description={endpointId ? t("deliveryLogEndpoint") : t("deliveryLogAll")}
      actions={
        <Button type="button" variant="secondary" onClick={() => list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? t("refreshing") : t("refresh")}
        </Button>
      }
    >
      {resendNote && (
        <p role="status" className="mb-3 text-sm text-slate-700">
          {resendNote}
        </p>
      )}
      <ErrorNote error={resend.error} />
      <QueryState
        query={list}
        loading={t("loadingDeliveries")}
        isEmpty={(d) => d.data.length === 0}
        empty={
          <EmptyState title={t("noDeliveries")}>
            {endpointId
              ? t("noDeliveriesEndpoint")
              : t.rich("noDeliveriesAll", { code: (chunks) => <code className="font-mono">{chunks}</code> })}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-100" aria-label={t("deliveriesLabel")}>
              {data.data.map((d) => (
                <li key={d.id} className="py-3" data-testid="webhook-delivery">
                  <details>
                    <summary className="flex cursor-pointer list-none flex-wrap items-start justify-between gap-3 [&::-webkit-details-marker]:hidden">
                      <div className="min-w-0 space-y-0.5">
                        <p className="text-sm font-medium text-slate-900">
                          <span className="font-mono">{d.eventType}</span>
                          {d.generationId && (
                            <>
                              {" "}
                              · <span className="font-mono text-slate-600">{d.generationId}</span>
                            </>
                          )}
                        </p>
                        <p className="truncate font-mono text-xs text-slate-500" title={d.url}>
                          {d.listenSessionId ? t("listenSession", { id: d.listenSessionId }) : d.url}
                        </p>
                        <p className="text-xs text-slate-500">
                          {formatUtc(d.createdAt)} ·{" "}
                          <span data-testid="delivery-attempts">{t("attempts", { count: d.attemptCount })}</span>
                          {d.lastResponse && (
                            <>
                              {" "}
                              · {t("lastResponse")}{" "}
                              <span className="font-mono">
                                {d.lastResponse.status ?? d.lastResponse.error ?? t("noResponse")}
                              </span>
                            </>
                          )}
                          {d.status === "pending" && d.nextAttemptAt && (
                            <> · {t("nextRetry", { at: formatUtc(d.nextAttemptAt) })}</>
                          )}
                        </p>
                      </div>
                      <div className="flex items-center gap-2">
                        <Badge tone={STATUS_TONE[d.status]}>{t(STATUS_LABEL[d.status])}</Badge>
                        <span className="text-xs font-medium text-slate-600 underline">{t("attemptsToggle")}</span>
                      </div>
                    </summary>
                    <div className="mt-3 flex justify-end">
                      <Button
                        type="button"
                        variant="secondary"
                        disabled={resend.isPending && resend.variables?.deliveryId === d.id}
                        onClick={() => resend.mutate({ deliveryId: d.id })}
                      >
                        {resend.isPending && resend.variables?.deliveryId === d.id ? t("resending") : t("resend")}
                      </Button>
                    </div>
                    <div className="mt-2">
                      <DataTable
                        label={t("attemptsOf", { id: d.id })}
                        bleed={false}
                        minWidth="min-w-[36rem]"
                        rows={d.attempts}
                        rowKey={(a) => a.id}
                        rowAttributes={() => ({ "data-testid": "webhook-attempt" })}
                        empty={t("noAttemptYet")}
                        columns={[
                          {
                            id: "no",
                            header: "#",
                            className: "tabular-nums",
                            cell: (a) => `${a.attemptNo}${a.manual ? t("resendMark") : ""}`,
                          },
                          { id: "time", header: t("time"), className: "whitespace-nowrap", cell: (a) => formatUtc(a.at) },
                          {
                            id: "status",
                            header: t("status"),
                            cell: (a) => (
                              <Badge
                                tone={
                                  a.responseStatus !== null && a.responseStatus >= 200 && a.responseStatus < 300 ? "green" : "red"
                                }
                              >
                                {a.responseStatus ?? t("none")}
                              </Badge>
                            ),
                          },
                          {
                            id: "duration",
                            header: t("duration"),
                            numeric: true,
                            cell: (a) => t("ms", { value: String(a.durationMs) }),
                          },
                          {
                            id: "response",
                            header: t("responseOrError"),
                            cell: (a) => (
                              <>
                                {a.responseBody && (
                                  <code className="block max-w-md truncate font-mono text-xs" title={a.responseBody}>
                                    {a.responseBody}
                                  </code>
                                )}
                                {a.error && <span className="text-xs text-red-700">{a.error}</span>}
                                {!a.responseBody && !a.error && <span className="text-xs text-slate-500">{t("empty")}</span>}
                              </>
                            ),
                          },
                          {
                            id: "request",
                            header: t("request"),
                            cell: (a) => <SentRequest body={d.body} headers={a.requestHeaders} />,
                          },
                        ]}
                      />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
            <CursorPager
              label={t("deliveryPages")}
              page={cursors.length}
              nextCursor={data.nextCursor}
              loading={list.isFetching}
              setCursors={setCursors}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
