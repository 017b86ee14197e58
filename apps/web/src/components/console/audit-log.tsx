"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { EmptyState, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { AuditDetails } from "./account-review";
import { when } from "./format";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "./pager";

interface Filter {
  accountId: string;
  actor: string;
  action: string;
}

export function AuditLogView({ initial }: { initial: Filter }) {
  const trpc = useTRPC();
  const [form, setForm] = useState<Filter>(initial);
  const [filter, setFilter] = useState<Filter>(initial);
  const [page, setPage] = useState(1);
  const log = useQuery(
    trpc.support.auditLog.queryOptions({
      accountId: filter.accountId || null,
      actor: filter.actor || null,
      action: filter.action || null,
      page,
      pageSize: 50,
    }),
  );

  return (
    <>
      <PageHeader title="Audit log" description="Every staff action: who did what, to which account, and why." />
      <Card className="mb-6">
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter({ accountId: form.accountId.trim(), actor: form.actor.trim(), action: form.action.trim() });
            setPage(1);
          }}
        >
          <TextField
            label="Account id"
            placeholder="acct_…"
            value={form.accountId}
            onChange={(e) => setForm({ ...form, accountId: e.target.value })}
          />
          <TextField
            label="Actor"
            placeholder="email or acct_…"
            value={form.actor}
            onChange={(e) => setForm({ ...form, actor: e.target.value })}
          />
          <div className="space-y-1.5">
            <label htmlFor="audit-action" className="block text-sm font-medium text-slate-800">
              Action
            </label>
            <select
              id="audit-action"
              value={form.action}
              onChange={(e) => setForm({ ...form, action: e.target.value })}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-slate-500 focus:outline-2 focus:outline-slate-400"
            >
              <option value="">All actions</option>
              {(log.data?.actions ?? []).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                const empty = { accountId: "", actor: "", action: "" };
                setForm(empty);
                setFilter(empty);
                setPage(1);
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <QueryState
          query={log}
          loading="Loading audit log"
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState title="No matching actions" />}
        >
          {(data) => (
            <>
              <DataTable
                label="Audit log"
                testId="audit-log"
                minWidth="min-w-[36rem]"
                rows={data.items}
                rowKey={(e) => e.id}
                columns={[
                  { id: "time", header: "Time", className: "whitespace-nowrap", cell: (e) => when(e.createdAt) },
                  {
                    id: "action",
                    header: "Action",
                    className: "font-mono text-xs",
                    cell: (e) => (
                      <>
                        {e.action}
                        {e.targetId && <div className="mt-0.5 break-all text-slate-500">{e.targetId}</div>}
                      </>
                    ),
                  },
                  { id: "actor", header: "Actor", cell: (e) => e.actorEmail },
                  {
                    id: "account",
                    header: "Account",
                    cell: (e) =>
                      e.targetAccountId ? (
                        <Link href={`/console/accounts/${e.targetAccountId}`} className="text-indigo-700 underline">
                          {e.targetEmail ?? e.targetAccountId}
                        </Link>
                      ) : (
                        "—"
                      ),
                  },
                  {
                    id: "details",
                    header: "Details",
                    className: "min-w-[16rem] text-xs",
                    cell: (e) => <AuditDetails details={e.details} />,
                  },
                ]}
              />
              <Pager label="Audit log" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Card>
    </>
  );
}
