"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { formatAmount } from "@vgen/contracts";
import { Card, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { SelectField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, QueryState, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { AccountLinks } from "./account-links";
import { StaffAction } from "./action-dialog";
import { when } from "./format";
import { TestBalanceDecision } from "./pending-test-balance";
import { DataTable, Pager, Td } from "./table";
import { KeyRestrictionsSummary } from "@/components/keys/key-restrictions-summary";

const STATUS_TONE = { processing: "blue", completed: "green", failed: "red", canceled: "gray" } as const;
const SIGNED = /^[-+]?\$?\d{1,7}(\.\d{1,6})?$/;

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export function AccountReview({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const data = useQuery(trpc.support.account.queryOptions({ accountId }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.support.pathKey() });
  const adjust = useMutation(trpc.support.adjust.mutationOptions({ onSuccess: refresh }));
  const setStatus = useMutation(trpc.support.setStatus.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.support.revokeKey.mutationOptions({ onSuccess: refresh }));
  const resetTwoFactor = useMutation(trpc.support.resetTwoFactor.mutationOptions({ onSuccess: refresh }));
  const markPaid = useMutation(trpc.support.markInvoicePaid.mutationOptions({ onSuccess: refresh }));

  if (data.isPending) return <Spinner label="Loading account" />;
  if (data.error) return <ErrorNote error={data.error} />;
  const d = data.data;
  const a = d.account;
  const topUps = d.invoices.filter((inv) => inv.kind === "top_up");
  const statements = d.invoices.filter((inv) => inv.kind === "usage_statement");

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/console" className="text-indigo-700 underline">
          ← Find an account
        </Link>
      </p>
      <PageHeader
        title={a.email}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs">{a.id}</span>
            <Badge tone={a.status === "active" ? "green" : "red"}>
              <span data-testid="account-status">{a.status}</span>
            </Badge>
            {a.deletedAt && (
              <Badge tone="gray">
                <span data-testid="account-deleted">Deleted {when(a.deletedAt)}</span>
              </Badge>
            )}
            {a.role !== "user" && <Badge tone="blue">{a.role}</Badge>}
            <span>· joined {when(a.createdAt)}</span>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <CopyButton text={a.id} label="Copy id" />
            <StaffAction
              label="Adjust balance"
              title="Adjust balance"
              description="A positive amount credits, a negative one debits. The available balance never goes below zero."
              confirmLabel="Adjust"
              amount={{ label: "Amount (USD)", hint: "e.g. 5.00 or -2.50", pattern: SIGNED }}
              onSubmit={(v) => adjust.mutateAsync({ accountId, amount: v.amount, reason: v.text })}
            />
            {a.status === "active" ? (
              <StaffAction
                label="Suspend"
                buttonVariant="danger"
                variant="danger"
                title="Suspend account"
                description="The API refuses new generations from this account with 403 account_suspended until it is reactivated; the owner is signed out and cannot sign in or issue keys meanwhile."
                confirmLabel="Suspend"
                onSubmit={(v) => setStatus.mutateAsync({ accountId, status: "suspended", reason: v.text })}
              />
            ) : (
              <StaffAction
                label="Reactivate"
                buttonVariant="primary"
                title="Reactivate account"
                confirmLabel="Reactivate"
                onSubmit={(v) => setStatus.mutateAsync({ accountId, status: "active", reason: v.text })}
              />
            )}
          </div>
        }
      />
      {a.deletedAt && (
        <p role="status" className="mb-4 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          Deleted by its owner on {when(a.deletedAt)}: personal data is gone, the keys are revoked; the ledger and invoices are
          kept. Balance, status, key and refund actions are refused.
        </p>
      )}
      {a.status === "suspended" && !a.deletedAt && (
        <p role="status" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          This account is suspended: its API calls get 403 account_suspended.
        </p>
      )}
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Available balance" value={formatAmount(d.availableMicros)} testId="account-balance" />
        <Stat label="On hold" value={formatAmount(d.heldMicros)} testId="account-held" />
        <Stat label="Generations" value={d.generationCount} />
        <Stat label="Live API keys" value={d.liveKeys} />
      </div>

      <div className="space-y-6">
        <Card
          title="Two-factor sign-in"
          actions={
            d.twoFactor.enabled ? (
              <StaffAction
                label="Reset two-factor"
                buttonVariant="danger"
                variant="danger"
                title="Reset two-factor sign-in"
                description="For an owner who lost their authenticator: the secret and recovery codes are deleted, every session of the account is signed out and the owner is emailed. They sign in with the password alone until they turn it on again."
                confirmLabel="Reset two-factor"
                onSubmit={(v) => resetTwoFactor.mutateAsync({ accountId, reason: v.text })}
              />
            ) : undefined
          }
        >
          <p className="text-sm text-slate-800" data-testid="account-two-factor">
            {d.twoFactor.enabled && d.twoFactor.enabledAt ? (
              <>
                <Badge tone="green">on</Badge> since {when(d.twoFactor.enabledAt)} · {d.twoFactor.recoveryCodesLeft} recovery
                {d.twoFactor.recoveryCodesLeft === 1 ? " code" : " codes"} left
              </>
            ) : (
              <Badge tone="gray">off</Badge>
            )}
          </p>
        </Card>
        <Card title="Test balance requests">
          {d.testBalanceRequests.length === 0 ? (
            <p className="text-sm text-slate-600">No requests.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {d.testBalanceRequests.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                  data-testid="account-test-balance-request"
                >
                  <div className="min-w-0 text-sm">
                    <p>
                      <Badge tone={r.status === "pending" ? "amber" : r.status === "granted" ? "green" : "gray"}>
                        {r.status}
                      </Badge>{" "}
                      {r.grantedMicros !== null && <span className="font-medium">{formatAmount(r.grantedMicros)} </span>}
                      <span className="text-slate-500">asked {when(r.createdAt)}</span>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap text-slate-700">{r.useCase}</p>
                    {r.response && <p className="mt-1 text-slate-500">Answer: {r.response}</p>}
                  </div>
                  {r.status === "pending" && (
                    <TestBalanceDecision requestId={r.id} email={a.email} locale={a.locale} onDone={refresh} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <AccountLinks
          accountId={accountId}
          emailVerifiedAt={a.emailVerifiedAt}
          isCustomer={a.role === "user"}
          onChange={refresh}
        />

        <GenerationsCard accountId={accountId} onChange={refresh} />
        <LedgerCard accountId={accountId} />

        <Card title="API keys">
          {d.keys.length === 0 ? (
            <p className="text-sm text-slate-600">No keys.</p>
          ) : (
            <DataTable
              caption="API keys"
              head={["Key", "Restrictions", "Created", "Last used", "State", ""]}
              testId="account-keys"
            >
              {d.keys.map((k) => (
                <tr key={k.id}>
                  <Td>
                    <span className="font-mono">{k.prefix}…</span>
                    <div className="text-xs text-slate-500">{k.name}</div>
                  </Td>
                  <Td className="max-w-72 min-w-48">
                    <KeyRestrictionsSummary restrictions={k} />
                  </Td>
                  <Td className="whitespace-nowrap">{when(k.createdAt)}</Td>
                  <Td className="whitespace-nowrap">{k.lastUsedAt ? when(k.lastUsedAt) : "never"}</Td>
                  <Td>
                    {k.revokedAt ? <Badge tone="gray">revoked {when(k.revokedAt)}</Badge> : <Badge tone="green">live</Badge>}
                  </Td>
                  <Td className="text-right">
                    {!k.revokedAt && (
                      <StaffAction
                        label="Revoke"
                        variant="danger"
                        title={`Revoke ${k.prefix}…`}
                        description="The API refuses this key from the next request on. This cannot be undone."
                        confirmLabel="Revoke key"
                        onSubmit={(v) => revoke.mutateAsync({ keyId: k.id, reason: v.text })}
                      />
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>

        <Card title="Recent requests" description="The last 50 API requests.">
          {d.requests.length === 0 ? (
            <p className="text-sm text-slate-600">No requests yet.</p>
          ) : (
            <DataTable caption="Recent API requests" head={["Time", "Request", "Status", "Code", "Latency"]}>
              {d.requests.map((r) => (
                <tr key={r.id}>
                  <Td className="whitespace-nowrap">{when(r.createdAt)}</Td>
                  <Td>
                    <span className="font-mono text-xs">
                      {r.method} {r.path}
                    </span>
                    {r.generationId && <div className="font-mono text-xs text-slate-500">{r.generationId}</div>}
                  </Td>
                  <Td>
                    <Badge tone={r.status < 400 ? "green" : r.status < 500 ? "amber" : "red"}>{r.status}</Badge>
                  </Td>
                  <Td className="font-mono text-xs">{r.errorCode ?? "—"}</Td>
                  <Td className="tabular-nums">{r.latencyMs} ms</Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>

        <Card title="Webhook endpoints" description="Where the account's events are sent; secrets are never shown.">
          {d.endpoints.length === 0 ? (
            <p className="text-sm text-slate-600">No webhook endpoints.</p>
          ) : (
            <div data-testid="account-endpoints">
              <DataTable caption="Webhook endpoints" head={["URL", "Events", "State", "Last delivery"]}>
                {d.endpoints.map((e) => (
                  <tr key={e.id}>
                    <Td className="max-w-[16rem]">
                      <div className="truncate">{e.url}</div>
                      {e.description && <div className="truncate text-xs text-slate-500">{e.description}</div>}
                    </Td>
                    <Td className="font-mono text-xs">{e.events.join(", ")}</Td>
                    <Td>{e.enabled ? <Badge tone="green">enabled</Badge> : <Badge tone="gray">disabled</Badge>}</Td>
                    <Td className="text-xs">
                      {e.lastDelivery ? (
                        <>
                          <Badge
                            tone={
                              e.lastDelivery.status === "delivered"
                                ? "green"
                                : e.lastDelivery.status === "failed"
                                  ? "red"
                                  : "amber"
                            }
                          >
                            {e.lastDelivery.status}
                          </Badge>{" "}
                          {e.lastDelivery.responseStatus ?? e.lastDelivery.error ?? ""}
                          <div className="text-slate-500">{when(e.lastDelivery.at)}</div>
                        </>
                      ) : (
                        "never"
                      )}
                    </Td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
        </Card>

        <Card title="Webhook deliveries" description="The last 50 deliveries.">
          {d.deliveries.length === 0 ? (
            <p className="text-sm text-slate-600">No deliveries.</p>
          ) : (
            <DataTable caption="Webhook deliveries" head={["Time", "Event", "URL", "Status", "Attempts", "Last response"]}>
              {d.deliveries.map((w) => (
                <tr key={w.id}>
                  <Td className="whitespace-nowrap">{when(w.createdAt)}</Td>
                  <Td className="font-mono text-xs">
                    {w.eventType}
                    <div className="text-slate-500">{w.generationId}</div>
                  </Td>
                  <Td className="max-w-[16rem] truncate">{w.url}</Td>
                  <Td>
                    <Badge tone={w.status === "delivered" ? "green" : w.status === "failed" ? "red" : "amber"}>{w.status}</Badge>
                  </Td>
                  <Td className="tabular-nums">{w.attemptCount}</Td>
                  <Td className="text-xs">{w.lastResponseStatus ?? w.lastError ?? "—"}</Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>

        <Card title="Invoices">
          {topUps.length === 0 ? (
            <p className="text-sm text-slate-600">No invoices.</p>
          ) : (
            <DataTable caption="Invoices" head={["Number", "Method", "Amount", "Status", ""]} testId="account-invoices">
              {topUps.map((inv) => (
                <tr key={inv.id}>
                  <Td className="font-mono text-xs">
                    {inv.number}
                    <div className="text-slate-500">{when(inv.createdAt)}</div>
                  </Td>
                  <Td>{inv.method === "bank_transfer" ? "Bank transfer" : inv.method === "stripe" ? "Card" : "—"}</Td>
                  <Td className="tabular-nums">{formatAmount(inv.amountMicros)}</Td>
                  <Td>
                    <Badge tone={inv.status === "paid" ? "green" : inv.status === "open" ? "amber" : "gray"}>{inv.status}</Badge>
                  </Td>
                  <Td className="text-right">
                    {inv.method === "bank_transfer" && inv.status === "open" && (
                      <StaffAction
                        label="Mark paid"
                        title={`Mark ${inv.number} paid`}
                        description={<>The bank transfer arrived: credits {formatAmount(inv.amountMicros)} once.</>}
                        confirmLabel="Mark paid"
                        text={{ label: "Reason", hint: "e.g. the bank reference", min: 3 }}
                        onSubmit={(v) => markPaid.mutateAsync({ invoiceId: inv.id, reason: v.text })}
                      />
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>

        {/* A usage statement records a month's spend, already charged: nothing to pay, so no status. */}
        <Card title="Usage statements">
          {statements.length === 0 ? (
            <p className="text-sm text-slate-600">No statements.</p>
          ) : (
            <DataTable caption="Usage statements" head={["Number", "Month", "Spend"]} testId="account-statements">
              {statements.map((inv) => (
                <tr key={inv.id}>
                  <Td className="font-mono text-xs">
                    {inv.number}
                    <div className="text-slate-500">{when(inv.createdAt)}</div>
                  </Td>
                  <Td>{inv.period ?? "—"}</Td>
                  <Td className="tabular-nums">{formatAmount(inv.amountMicros)}</Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>

        <Card title="Subscriptions">
          {d.subscriptions.length === 0 ? (
            <p className="text-sm text-slate-600">No subscriptions.</p>
          ) : (
            <DataTable caption="Subscriptions" head={["Model", "Status", "Monthly cap", "Since"]}>
              {d.subscriptions.map((s) => (
                <tr key={s.id}>
                  <Td className="font-mono text-xs">{s.modelId}</Td>
                  <Td>
                    <Badge tone={s.status === "active" ? "green" : "amber"}>{s.status}</Badge>
                  </Td>
                  <Td className="tabular-nums">
                    {s.monthlySpendCapMicros === null ? "none" : formatAmount(s.monthlySpendCapMicros)}
                  </Td>
                  <Td className="whitespace-nowrap">{when(s.createdAt)}</Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>

        <Card
          title="Audit trail"
          description="Staff actions on this account."
          actions={
            <Link href={`/console/audit?account=${a.id}`} className="text-sm font-medium text-indigo-700 underline">
              Full audit log
            </Link>
          }
        >
          {d.auditTrail.length === 0 ? (
            <p className="text-sm text-slate-600">No staff actions yet.</p>
          ) : (
            <DataTable caption="Audit trail" head={["Time", "Action", "By", "Details"]} testId="account-audit">
              {d.auditTrail.map((e) => (
                <tr key={e.id}>
                  <Td className="whitespace-nowrap">{when(e.createdAt)}</Td>
                  <Td className="font-mono text-xs">{e.action}</Td>
                  <Td>{e.actorEmail}</Td>
                  <Td className="text-xs text-slate-600">
                    <AuditDetails details={e.details} />
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>
      </div>
    </>
  );
}

export function AuditDetails({ details }: { details: unknown }) {
  if (!details || typeof details !== "object") return <>—</>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2">
      {Object.entries(details as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="break-all text-slate-800">
            {typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function GenerationsCard({ accountId, onChange }: { accountId: string; onChange: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<"" | "processing" | "completed" | "failed" | "canceled">("");
  const list = useQuery(trpc.support.generations.queryOptions({ accountId, page, pageSize: 10, status: status || null }));
  const refund = useMutation(trpc.support.refund.mutationOptions({ onSuccess: onChange }));
  return (
    <Card
      title="Generations"
      actions={
        <div className="w-44">
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="processing">processing</option>
            <option value="completed">completed</option>
            <option value="failed">failed</option>
            <option value="canceled">canceled</option>
          </SelectField>
        </div>
      }
    >
      <QueryState query={list} isEmpty={(d) => d.items.length === 0} empty={<EmptyState title="No generations" />}>
        {(data) => (
          <>
            <DataTable
              caption="Generations"
              head={["Generation", "Model", "Status", "Cost", "Created", ""]}
              testId="account-generations"
            >
              {data.items.map((g) => (
                <tr key={g.id} data-testid={`generation-${g.id}`}>
                  <Td>
                    <span className="font-mono text-xs">{g.id}</span>
                    <div className="max-w-[18rem] truncate text-xs text-slate-500" title={g.prompt}>
                      {g.prompt}
                    </div>
                  </Td>
                  <Td className="text-xs">
                    {g.modelId}
                    <div className="text-slate-500">
                      {g.size} · {g.duration}s
                    </div>
                  </Td>
                  <Td>
                    <Badge tone={STATUS_TONE[g.status]}>{g.status}</Badge>
                    {g.errorCode && <div className="font-mono text-xs text-red-700">{g.errorCode}</div>}
                  </Td>
                  <Td className="tabular-nums">
                    {formatAmount(g.costMicros)}
                    {g.refundedMicros !== null && (
                      <div className="text-xs text-emerald-700">refunded {formatAmount(g.refundedMicros)}</div>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">{when(g.createdAt)}</Td>
                  <Td className="text-right">
                    {g.status === "completed" && g.chargedMicros !== null && g.refundedMicros === null && (
                      <StaffAction
                        label="Refund"
                        title={`Refund ${g.id}`}
                        description={
                          <>
                            Credits the charge of {formatAmount(g.chargedMicros)} back with a <code>refund</code> ledger entry. A
                            generation is refunded at most once.
                          </>
                        }
                        confirmLabel="Refund"
                        onSubmit={(v) => refund.mutateAsync({ generationId: g.id, reason: v.text })}
                      />
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pager label="Generations" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function LedgerCard({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.support.ledger.queryOptions({ accountId, page, pageSize: 15 }));
  return (
    <Card title="Ledger" description="Every balance movement, newest first.">
      <QueryState query={list} isEmpty={(d) => d.items.length === 0} empty={<EmptyState title="No ledger entries" />}>
        {(data) => (
          <>
            <DataTable
              caption="Ledger"
              head={["Time", "Type", "Amount", "Balance after", "Reference", "Reason"]}
              testId="account-ledger"
            >
              {data.items.map((e) => (
                <tr key={e.id}>
                  <Td className="whitespace-nowrap">{when(e.createdAt)}</Td>
                  <Td className="font-mono text-xs">{e.type}</Td>
                  <Td className={`tabular-nums ${e.amountMicros < 0n ? "text-red-700" : "text-emerald-700"}`}>
                    {formatAmount(e.amountMicros)}
                  </Td>
                  <Td className="tabular-nums">{formatAmount(e.balanceAfterMicros)}</Td>
                  <Td className="font-mono text-xs">{e.reference}</Td>
                  <Td className="text-xs text-slate-600">{e.reason ?? "—"}</Td>
                </tr>
              ))}
            </DataTable>
            <Pager label="Ledger" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
