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
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "./pager";
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
        title={a.email ?? a.name ?? a.id}
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
                    <TestBalanceDecision requestId={r.id} email={a.email ?? a.name ?? a.id} locale={a.locale} onDone={refresh} />
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

        <OrganizationCards organization={d.organization} />

        <GenerationsCard accountId={accountId} onChange={refresh} />
        <LedgerCard accountId={accountId} />

        <Card title="API keys">
          <DataTable
            label="API keys"
            testId="account-keys"
            minWidth="min-w-[36rem]"
            rows={d.keys}
            rowKey={(k) => k.id}
            empty="No keys."
            columns={[
              {
                id: "key",
                header: "Key",
                cell: (k) => (
                  <>
                    <span className="font-mono">{k.prefix}…</span>
                    <div className="text-xs text-slate-500">{k.name}</div>
                  </>
                ),
              },
              {
                id: "restrictions",
                header: "Restrictions",
                className: "max-w-72 min-w-48",
                cell: (k) => <KeyRestrictionsSummary restrictions={k} />,
              },
              { id: "created", header: "Created", className: "whitespace-nowrap", cell: (k) => when(k.createdAt) },
              {
                id: "lastUsed",
                header: "Last used",
                className: "whitespace-nowrap",
                cell: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : "never"),
              },
              {
                id: "state",
                header: "State",
                cell: (k) =>
                  k.revokedAt ? <Badge tone="gray">revoked {when(k.revokedAt)}</Badge> : <Badge tone="green">live</Badge>,
              },
              {
                id: "actions",
                header: "Actions",
                headerHidden: true,
                className: "text-right",
                cell: (k) =>
                  !k.revokedAt && (
                    <StaffAction
                      label="Revoke"
                      variant="danger"
                      title={`Revoke ${k.prefix}…`}
                      description="The API refuses this key from the next request on. This cannot be undone."
                      confirmLabel="Revoke key"
                      onSubmit={(v) => revoke.mutateAsync({ keyId: k.id, reason: v.text })}
                    />
                  ),
              },
            ]}
          />
        </Card>

        <Card title="Recent requests" description="The last 50 API requests.">
          <DataTable
            label="Recent API requests"
            minWidth="min-w-[36rem]"
            rows={d.requests}
            rowKey={(r) => r.id}
            empty="No requests yet."
            columns={[
              { id: "time", header: "Time", className: "whitespace-nowrap", cell: (r) => when(r.createdAt) },
              {
                id: "request",
                header: "Request",
                cell: (r) => (
                  <>
                    <span className="font-mono text-xs">
                      {r.method} {r.path}
                    </span>
                    {r.generationId && <div className="font-mono text-xs text-slate-500">{r.generationId}</div>}
                  </>
                ),
              },
              {
                id: "status",
                header: "Status",
                cell: (r) => <Badge tone={r.status < 400 ? "green" : r.status < 500 ? "amber" : "red"}>{r.status}</Badge>,
              },
              { id: "code", header: "Code", className: "font-mono text-xs", cell: (r) => r.errorCode ?? "—" },
              { id: "latency", header: "Latency", numeric: true, cell: (r) => `${r.latencyMs} ms` },
            ]}
          />
        </Card>

        <Card title="Webhook endpoints" description="Where the account's events are sent; secrets are never shown.">
          <DataTable
            label="Webhook endpoints"
            testId="account-endpoints"
            minWidth="min-w-[36rem]"
            rows={d.endpoints}
            rowKey={(e) => e.id}
            empty="No webhook endpoints."
            columns={[
              {
                id: "url",
                header: "URL",
                className: "max-w-[16rem]",
                cell: (e) => (
                  <>
                    <div className="truncate">{e.url}</div>
                    {e.description && <div className="truncate text-xs text-slate-500">{e.description}</div>}
                  </>
                ),
              },
              { id: "events", header: "Events", className: "font-mono text-xs", cell: (e) => e.events.join(", ") },
              {
                id: "state",
                header: "State",
                cell: (e) => (e.enabled ? <Badge tone="green">enabled</Badge> : <Badge tone="gray">disabled</Badge>),
              },
              {
                id: "lastDelivery",
                header: "Last delivery",
                className: "text-xs",
                cell: (e) =>
                  e.lastDelivery ? (
                    <>
                      <Badge
                        tone={
                          e.lastDelivery.status === "delivered" ? "green" : e.lastDelivery.status === "failed" ? "red" : "amber"
                        }
                      >
                        {e.lastDelivery.status}
                      </Badge>{" "}
                      {e.lastDelivery.responseStatus ?? e.lastDelivery.error ?? ""}
                      <div className="text-slate-500">{when(e.lastDelivery.at)}</div>
                    </>
                  ) : (
                    "never"
                  ),
              },
            ]}
          />
        </Card>

        <Card title="Webhook deliveries" description="The last 50 deliveries.">
          <DataTable
            label="Webhook deliveries"
            minWidth="min-w-[36rem]"
            rows={d.deliveries}
            rowKey={(w) => w.id}
            empty="No deliveries."
            columns={[
              { id: "time", header: "Time", className: "whitespace-nowrap", cell: (w) => when(w.createdAt) },
              {
                id: "event",
                header: "Event",
                className: "font-mono text-xs",
                cell: (w) => (
                  <>
                    {w.eventType}
                    <div className="text-slate-500">{w.generationId}</div>
                  </>
                ),
              },
              { id: "url", header: "URL", className: "max-w-[16rem] truncate", cell: (w) => w.url },
              {
                id: "status",
                header: "Status",
                cell: (w) => (
                  <Badge tone={w.status === "delivered" ? "green" : w.status === "failed" ? "red" : "amber"}>{w.status}</Badge>
                ),
              },
              { id: "attempts", header: "Attempts", numeric: true, cell: (w) => w.attemptCount },
              {
                id: "lastResponse",
                header: "Last response",
                className: "text-xs",
                cell: (w) => w.lastResponseStatus ?? w.lastError ?? "—",
              },
            ]}
          />
        </Card>

        <Card title="Invoices">
          <DataTable
            label="Invoices"
            testId="account-invoices"
            minWidth="min-w-[36rem]"
            rows={topUps}
            rowKey={(inv) => inv.id}
            empty="No invoices."
            columns={[
              {
                id: "number",
                header: "Number",
                className: "font-mono text-xs",
                cell: (inv) => (
                  <>
                    {inv.number}
                    <div className="text-slate-500">{when(inv.createdAt)}</div>
                  </>
                ),
              },
              {
                id: "method",
                header: "Method",
                cell: (inv) => (inv.method === "bank_transfer" ? "Bank transfer" : inv.method === "stripe" ? "Card" : "—"),
              },
              { id: "amount", header: "Amount", numeric: true, cell: (inv) => formatAmount(inv.amountMicros) },
              {
                id: "status",
                header: "Status",
                cell: (inv) => (
                  <Badge tone={inv.status === "paid" ? "green" : inv.status === "open" ? "amber" : "gray"}>{inv.status}</Badge>
                ),
              },
              {
                id: "actions",
                header: "Actions",
                headerHidden: true,
                className: "text-right",
                cell: (inv) =>
                  inv.method === "bank_transfer" &&
                  inv.status === "open" && (
                    <StaffAction
                      label="Mark paid"
                      title={`Mark ${inv.number} paid`}
                      description={<>The bank transfer arrived: credits {formatAmount(inv.amountMicros)} once.</>}
                      confirmLabel="Mark paid"
                      text={{ label: "Reason", hint: "e.g. the bank reference", min: 3 }}
                      onSubmit={(v) => markPaid.mutateAsync({ invoiceId: inv.id, reason: v.text })}
                    />
                  ),
              },
            ]}
          />
        </Card>

        {/* A usage statement records a month's spend, already charged: nothing to pay, so no status. */}
        <Card title="Usage statements">
          <DataTable
            label="Usage statements"
            testId="account-statements"
            minWidth="min-w-[36rem]"
            rows={statements}
            rowKey={(inv) => inv.id}
            empty="No statements."
            columns={[
              {
                id: "number",
                header: "Number",
                className: "font-mono text-xs",
                cell: (inv) => (
                  <>
                    {inv.number}
                    <div className="text-slate-500">{when(inv.createdAt)}</div>
                  </>
                ),
              },
              { id: "month", header: "Month", cell: (inv) => inv.period ?? "—" },
              { id: "spend", header: "Spend", numeric: true, cell: (inv) => formatAmount(inv.amountMicros) },
            ]}
          />
        </Card>

        <Card title="Subscriptions">
          <DataTable
            label="Subscriptions"
            minWidth="min-w-[36rem]"
            rows={d.subscriptions}
            rowKey={(s) => s.id}
            empty="No subscriptions."
            columns={[
              { id: "model", header: "Model", className: "font-mono text-xs", cell: (s) => s.modelId },
              {
                id: "status",
                header: "Status",
                cell: (s) => <Badge tone={s.status === "active" ? "green" : "amber"}>{s.status}</Badge>,
              },
              {
                id: "cap",
                header: "Monthly cap",
                numeric: true,
                cell: (s) => (s.monthlySpendCapMicros === null ? "none" : formatAmount(s.monthlySpendCapMicros)),
              },
              { id: "since", header: "Since", className: "whitespace-nowrap", cell: (s) => when(s.createdAt) },
            ]}
          />
        </Card>

        <Card
          title="Audit trail"
          description="Staff actions on this account, and its members' changes (its audit log)."
          actions={
            <Link href={`/console/audit?account=${a.id}`} className="text-sm font-medium text-indigo-700 underline">
              Full audit log
            </Link>
          }
        >
          <DataTable
            label="Audit trail"
            testId="account-audit"
            minWidth="min-w-[36rem]"
            rows={d.auditTrail}
            rowKey={(e) => e.id}
            empty="No staff actions yet."
            columns={[
              { id: "time", header: "Time", className: "whitespace-nowrap", cell: (e) => when(e.createdAt) },
              { id: "action", header: "Action", className: "font-mono text-xs", cell: (e) => e.action },
              {
                id: "by",
                header: "By",
                cell: (e) => (
                  <>
                    {e.actorEmail ?? "—"}
                    <div className="text-xs text-slate-500">{e.actorKind}</div>
                  </>
                ),
              },
              {
                id: "details",
                header: "Details",
                className: "text-xs text-slate-600",
                cell: (e) => <AuditDetails details={e.details} />,
              },
            ]}
          />
        </Card>
      </div>
    </>
  );
}

type Organization = {
  members: { id: string; email: string; name: string | null; role: string; since: Date }[];
  invitations: { id: string; email: string; role: string; createdAt: Date; expiresAt: Date }[];
  projects: {
    id: string;
    name: string;
    isDefault: boolean;
    monthlySpendCapMicros: bigint | null;
    rateLimitShare: number;
    allowedModels: string[];
    archivedAt: Date | null;
  }[];
  /** An organization account has a name and no email. */
  memberOf: { id: string; email: string | null; name: string | null; role: string; since: Date }[];
};

const accountLink = (p: { id: string; email: string | null; name: string | null }) => (
  <Link href={`/console/accounts/${p.id}`} className="text-indigo-700 underline">
    {p.name && p.email ? `${p.name} (${p.email})` : (p.name ?? p.email ?? p.id)}
  </Link>
);

/** The account as an organization (members, waiting invitations) and as a person (organizations they belong to), linked both ways. */
function OrganizationCards({ organization: o }: { organization: Organization }) {
  return (
    <>
      <Card title="Members" description="The people of this organization and their roles.">
        <DataTable
          label="Members"
          testId="account-members"
          minWidth="min-w-[30rem]"
          rows={o.members}
          rowKey={(m) => m.id}
          empty="No members."
          columns={[
            { id: "person", header: "Person", rowHeader: true, cell: accountLink },
            { id: "role", header: "Role", cell: (m) => <Badge tone="gray">{m.role}</Badge> },
            { id: "since", header: "Since", className: "whitespace-nowrap", cell: (m) => when(m.since) },
          ]}
        />
      </Card>
      <Card title="Pending invitations">
        <DataTable
          label="Pending invitations"
          testId="account-invitations"
          minWidth="min-w-[30rem]"
          rows={o.invitations}
          rowKey={(i) => i.id}
          empty="No invitation waiting."
          columns={[
            { id: "email", header: "Email", rowHeader: true, cell: (i) => i.email },
            { id: "role", header: "Role", cell: (i) => <Badge tone="gray">{i.role}</Badge> },
            { id: "sent", header: "Sent", className: "whitespace-nowrap", cell: (i) => when(i.createdAt) },
            { id: "expires", header: "Expires", className: "whitespace-nowrap", cell: (i) => when(i.expiresAt) },
          ]}
        />
      </Card>
      <Card title="Projects" description="The organization's projects and their limits, archived ones last.">
        <DataTable
          label="Projects"
          testId="account-projects"
          minWidth="min-w-[40rem]"
          rows={o.projects}
          rowKey={(p) => p.id}
          empty="No projects."
          columns={[
            {
              id: "name",
              header: "Project",
              rowHeader: true,
              cell: (p) => (
                <>
                  {p.name} <span className="font-mono text-xs text-slate-500">{p.id}</span>
                </>
              ),
            },
            { id: "default", header: "Default", cell: (p) => (p.isDefault ? <Badge tone="green">default</Badge> : "—") },
            {
              id: "cap",
              header: "Monthly cap",
              className: "whitespace-nowrap",
              cell: (p) => (p.monthlySpendCapMicros === null ? "none" : formatAmount(p.monthlySpendCapMicros)),
            },
            { id: "share", header: "Rate share", cell: (p) => `${p.rateLimitShare}%` },
            {
              id: "models",
              header: "Models",
              cell: (p) =>
                p.allowedModels.length === 0 ? "all" : <span className="font-mono">{p.allowedModels.join(", ")}</span>,
            },
            {
              id: "archived",
              header: "Archived",
              className: "whitespace-nowrap",
              cell: (p) => (p.archivedAt ? when(p.archivedAt) : "—"),
            },
          ]}
        />
      </Card>
      <Card title="Member of" description="Other organizations this person belongs to.">
        <DataTable
          label="Member of"
          testId="account-member-of"
          minWidth="min-w-[30rem]"
          rows={o.memberOf}
          rowKey={(m) => m.id}
          empty="No other organization."
          columns={[
            { id: "organization", header: "Organization", rowHeader: true, cell: accountLink },
            { id: "role", header: "Role", cell: (m) => <Badge tone="gray">{m.role}</Badge> },
            { id: "since", header: "Since", className: "whitespace-nowrap", cell: (m) => when(m.since) },
          ]}
        />
      </Card>
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
              label="Generations"
              testId="account-generations"
              minWidth="min-w-[36rem]"
              rows={data.items}
              rowKey={(g) => g.id}
              rowAttributes={(g) => ({ "data-testid": `generation-${g.id}` })}
              columns={[
                {
                  id: "generation",
                  header: "Generation",
                  cell: (g) => (
                    <>
                      <Link href={`/console/generations/${g.id}`} className="font-mono text-xs text-indigo-700 underline">
                        {g.id}
                      </Link>
                      <div className="max-w-[18rem] truncate text-xs text-slate-500" title={g.prompt}>
                        {g.prompt}
                      </div>
                    </>
                  ),
                },
                {
                  id: "model",
                  header: "Model",
                  className: "text-xs",
                  cell: (g) => (
                    <>
                      {g.modelId}
                      <div className="text-slate-500">
                        {g.size} · {g.duration}s
                      </div>
                    </>
                  ),
                },
                {
                  id: "status",
                  header: "Status",
                  cell: (g) => (
                    <>
                      <Badge tone={STATUS_TONE[g.status]}>{g.status}</Badge>
                      {g.errorCode && <div className="font-mono text-xs text-red-700">{g.errorCode}</div>}
                    </>
                  ),
                },
                {
                  id: "cost",
                  header: "Cost",
                  numeric: true,
                  cell: (g) => (
                    <>
                      {formatAmount(g.costMicros)}
                      {g.refundedMicros !== null && (
                        <div className="text-xs text-emerald-700">refunded {formatAmount(g.refundedMicros)}</div>
                      )}
                    </>
                  ),
                },
                { id: "created", header: "Created", className: "whitespace-nowrap", cell: (g) => when(g.createdAt) },
                {
                  id: "actions",
                  header: "Actions",
                  headerHidden: true,
                  className: "text-right",
                  cell: (g) =>
                    g.status === "completed" &&
                    g.chargedMicros !== null &&
                    g.refundedMicros === null && (
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
                    ),
                },
              ]}
            />
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
              label="Ledger"
              testId="account-ledger"
              minWidth="min-w-[36rem]"
              rows={data.items}
              rowKey={(e) => e.id}
              columns={[
                { id: "time", header: "Time", className: "whitespace-nowrap", cell: (e) => when(e.createdAt) },
                { id: "type", header: "Type", className: "font-mono text-xs", cell: (e) => e.type },
                {
                  id: "amount",
                  header: "Amount",
                  numeric: true,
                  cellClassName: (e) => (e.amountMicros < 0n ? "text-red-700" : "text-emerald-700"),
                  cell: (e) => formatAmount(e.amountMicros),
                },
                { id: "balanceAfter", header: "Balance after", numeric: true, cell: (e) => formatAmount(e.balanceAfterMicros) },
                { id: "reference", header: "Reference", className: "font-mono text-xs", cell: (e) => e.reference },
                { id: "reason", header: "Reason", className: "text-xs text-slate-600", cell: (e) => e.reason ?? "—" },
              ]}
            />
            <Pager label="Ledger" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
