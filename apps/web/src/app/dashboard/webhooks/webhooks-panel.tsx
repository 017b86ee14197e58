"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const when = (d: Date) =>
  d
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
const STATUS_TONE = { pending: "amber", delivered: "green", failed: "red" } as const;

const VERIFY_SNIPPET = `import { Webhook } from "standardwebhooks"; // npm i standardwebhooks

const wh = new Webhook(process.env.VGEN_WEBHOOK_SECRET); // "whsec_..."

app.post("/hooks/vgen", express.raw({ type: "application/json" }), (req, res) => {
  try {
    // Checks webhook-signature against the raw body and rejects timestamps older than 5 minutes.
    const event = wh.verify(req.body, req.headers);
    // Deliveries are at-least-once: skip a webhook-id you have already processed.
    handle(event.type, event.data);
    res.sendStatus(200);
  } catch {
    res.sendStatus(400);
  }
});`;

function SecretCard() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const [rotated, setRotated] = useState(false);
  const secret = useQuery({ ...trpc.webhooks.secret.queryOptions(), enabled: revealed, staleTime: 0 });
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (res) => {
        qc.setQueryData(trpc.webhooks.secret.queryKey(), res);
        setConfirming(false);
        setRotated(true);
      },
    }),
  );

  async function copy() {
    const { secret: value } = await qc.fetchQuery(trpc.webhooks.secret.queryOptions());
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <Card title="Signing secret" description="Every callback is signed with this secret. Keep it on your server only.">
      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{revealed ? "Webhook signing secret" : "Webhook signing secret (hidden)"}</span>
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm"
        >
          {revealed ? (secret.data?.secret ?? "loading…") : "whsec_••••••••••••••••••••••••••••••••"}
        </code>
        <Button type="button" variant="secondary" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed}>
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <Button type="button" variant="secondary" onClick={copy} aria-live="polite">
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
          Rotate secret
        </Button>
      </div>
      {rotated && (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          The secret was rotated. Callbacks from now on are signed with the new secret; update your receiver.
        </p>
      )}
      <ErrorNote error={secret.error ?? rotate.error} />
      <ConfirmDialog
        open={confirming}
        title="Rotate the signing secret?"
        confirmLabel="Rotate"
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setRevealed(true);
          rotate.mutate();
        }}
      >
        The current secret stops working at once: every callback from now on, retries included, is signed with the new one. Update
        your receiver right after.
      </ConfirmDialog>
    </Card>
  );
}

function VerifyCard() {
  return (
    <Card title="Verifying callbacks" description="Callbacks follow the Standard Webhooks specification.">
      <div className="space-y-3 text-sm text-slate-700">
        <p>Each POST carries three headers:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code className="font-mono">webhook-id</code>: the delivery id (<code className="font-mono">whd_…</code>), the same on
            every retry; use it to ignore duplicates.
          </li>
          <li>
            <code className="font-mono">webhook-timestamp</code>: Unix seconds when the attempt was signed; refuse ones more than
            5 minutes off.
          </li>
          <li>
            <code className="font-mono">webhook-signature</code>: <code className="font-mono">v1,</code> + base64 HMAC-SHA256 of{" "}
            <code className="font-mono">{"{webhook-id}.{webhook-timestamp}.{raw body}"}</code>, keyed with the base64-decoded part
            of your secret after <code className="font-mono">whsec_</code>. Compare in constant time.
          </li>
        </ul>
        <p>
          The body is{" "}
          <code className="font-mono">
            {'{"type": "generation.completed" | "generation.failed" | "generation.canceled", "data": <generation record>}'}
          </code>
          . Answer any 2xx within 15 s; anything else is retried with backoff, and every attempt is logged below.
        </p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
          <code>{VERIFY_SNIPPET}</code>
        </pre>
      </div>
    </Card>
  );
}

function DeliveryLog() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const list = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ limit: 20, cursor }), refetchInterval: 5000 });
  const [resendNote, setResendNote] = useState<string | null>(null);
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: async (res) => {
        setResendNote(
          res.ok
            ? "Resent: the receiver accepted it."
            : `Resent: the receiver answered ${res.delivery.lastResponse?.status ?? "with an error"}.`,
        );
        await qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
    }),
  );

  return (
    <Card
      title="Delivery log"
      description="Callbacks of generations created with a webHook, newest first. Open a delivery to see each attempt."
      actions={
        <Button type="button" variant="secondary" onClick={() => list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      }
    >
      {resendNote && (
        <p role="status" className="mb-3 text-sm text-slate-700">
          {resendNote}
        </p>
      )}
      <ErrorNote error={resend.error} />
      {list.isPending ? (
        <Spinner label="Loading deliveries" />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No deliveries yet">
          Create a generation with a <code className="font-mono">webHook</code> URL and its callback shows up here.
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Webhook deliveries">
            {list.data.data.map((d) => (
              <li key={d.id} className="py-3" data-testid="webhook-delivery">
                <details>
                  <summary className="flex cursor-pointer list-none flex-wrap items-start justify-between gap-3 [&::-webkit-details-marker]:hidden">
                    <div className="min-w-0 space-y-0.5">
                      <p className="text-sm font-medium text-slate-900">
                        <span className="font-mono">{d.eventType}</span> ·{" "}
                        <span className="font-mono text-slate-600">{d.generationId}</span>
                      </p>
                      <p className="truncate font-mono text-xs text-slate-500" title={d.url}>
                        {d.url}
                      </p>
                      <p className="text-xs text-slate-500">
                        {when(d.createdAt)} ·{" "}
                        <span data-testid="delivery-attempts">
                          {d.attemptCount} attempt{d.attemptCount === 1 ? "" : "s"}
                        </span>
                        {d.lastResponse && (
                          <>
                            {" "}
                            · last response{" "}
                            <span className="font-mono">{d.lastResponse.status ?? d.lastResponse.error ?? "no response"}</span>
                          </>
                        )}
                        {d.status === "pending" && d.nextAttemptAt && <> · next retry {when(d.nextAttemptAt)}</>}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge>
                      <span className="text-xs font-medium text-slate-600 underline">Attempts</span>
                    </div>
                  </summary>
                  <div className="mt-3 flex justify-end">
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={resend.isPending && resend.variables?.deliveryId === d.id}
                      onClick={() => resend.mutate({ deliveryId: d.id })}
                    >
                      {resend.isPending && resend.variables?.deliveryId === d.id ? "Resending…" : "Resend"}
                    </Button>
                  </div>
                  <div className="mt-2 overflow-x-auto">
                    <table className="w-full min-w-[36rem] text-left text-sm" aria-label={`Attempts of ${d.id}`}>
                      <thead>
                        <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                          <th scope="col" className="py-2 pr-3">
                            #
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Time
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Status
                          </th>
                          <th scope="col" className="py-2 pr-3">
                            Duration
                          </th>
                          <th scope="col" className="py-2">
                            Response / error
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.attempts.map((a) => (
                          <tr key={a.id} className="border-b border-slate-100 align-top" data-testid="webhook-attempt">
                            <td className="py-2 pr-3 tabular-nums">
                              {a.attemptNo}
                              {a.manual ? " (resend)" : ""}
                            </td>
                            <td className="py-2 pr-3 whitespace-nowrap">{when(a.at)}</td>
                            <td className="py-2 pr-3">
                              <Badge
                                tone={
                                  a.responseStatus !== null && a.responseStatus >= 200 && a.responseStatus < 300 ? "green" : "red"
                                }
                              >
                                {a.responseStatus ?? "none"}
                              </Badge>
                            </td>
                            <td className="py-2 pr-3 tabular-nums">{a.durationMs} ms</td>
                            <td className="py-2">
                              {a.responseBody && (
                                <code className="block max-w-md truncate font-mono text-xs" title={a.responseBody}>
                                  {a.responseBody}
                                </code>
                              )}
                              {a.error && <span className="text-xs text-red-700">{a.error}</span>}
                              {!a.responseBody && !a.error && <span className="text-xs text-slate-400">(empty)</span>}
                            </td>
                          </tr>
                        ))}
                        {d.attempts.length === 0 && (
                          <tr>
                            <td colSpan={5} className="py-2 text-slate-500">
                              No attempt yet: the first one is on its way.
                            </td>
                          </tr>
                        )}
                      </tbody>
                    </table>
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex justify-between">
            <Button
              type="button"
              variant="secondary"
              disabled={cursors.length < 2}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Newer
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!list.data.nextCursor}
              onClick={() => setCursors((c) => [...c, list.data.nextCursor])}
            >
              Older
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

export function WebhooksPanel() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="When a generation has a webHook URL, its final record is POSTed there, signed. Manage the signing secret and watch every delivery attempt."
      />
      <div className="space-y-6">
        <SecretCard />
        <DeliveryLog />
        <VerifyCard />
      </div>
    </>
  );
}
