"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { EmptyState, QueryState } from "@/components/ui/states";
import { AuditLogInput } from "@/server/routers/support/auditLog.schema";
import { useTRPC } from "@/trpc/client";
import { AuditDetails } from "./account-review";
import { when } from "./format";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "./pager";

/** The log's filters, checked by the procedure's own schema. */
const AuditFilter = AuditLogInput.pick({ accountId: true, actor: true, action: true });
type Filter = z.output<typeof AuditFilter>;
const NO_FILTER = { accountId: "", actor: "", action: "" };

export function AuditLogView({ initial }: { initial: { accountId: string; actor: string; action: string } }) {
  const trpc = useTRPC();
  const form = useSchemaForm(AuditFilter, { defaultValues: initial });
  const { errors } = form.formState;
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
          noValidate
          onSubmit={form.handleSubmit((valid) => {
            setFilter(valid);
            setPage(1);
          })}
        >
          <TextField label="Account id" placeholder="acct_…" error={errors.accountId?.message} {...form.register("accountId")} />
          <TextField label="Actor" placeholder="email or acct_…" error={errors.actor?.message} {...form.register("actor")} />
          <SelectField label="Action" error={errors.action?.message} {...form.register("action")}>
            <option value="">All actions</option>
            {(log.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </SelectField>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                form.reset(NO_FILTER);
                setFilter(NO_FILTER);
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
