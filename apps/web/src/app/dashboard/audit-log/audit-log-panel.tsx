"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { CUSTOMER_AUDIT_ACTIONS, type CustomerAuditAction } from "@vgen/contracts";
import { type Messages, useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { type Column, DataTable } from "@/components/ui/data-table";
import { SelectField } from "@/components/ui/field";
import { EmptyState, QueryState } from "@/components/ui/states";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/trpc/client";

type Row = inferRouterOutputs<AppRouter>["orgs"]["auditLog"]["data"][number];

/** next-intl reads dots as nesting: the action's message key spells them as underscores. */
const actionKey = (action: string) => action.replace(/\./g, "_") as keyof Messages["auditLog"]["actions"];

/** The organization's audit log: filter by action and person, newest first, a page at a time. */
export function AuditLogPanel() {
  const t = useTranslations("auditLog");
  const tAction = useTranslations("auditLog.actions");
  const format = useFormatter();
  const trpc = useTRPC();
  const [action, setAction] = useState<CustomerAuditAction | "">("");
  const [actorId, setActorId] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const members = useQuery(trpc.orgs.members.queryOptions());
  const log = useQuery({
    ...trpc.orgs.auditLog.queryOptions({
      limit: 50,
      cursor,
      action: action || undefined,
      actorId: (actorId || undefined) as `acct_${string}` | undefined,
    }),
    placeholderData: keepPreviousData,
    // A refusal (a role without access) is final: show it at once rather than after the retries.
    retry: false,
  });
  const refilter = (apply: () => void) => {
    apply();
    setCursors([null]);
  };

  const who = (r: Row) =>
    r.actorKind === "system" ? t("system") : r.actorKind === "staff" ? t("staff") : (r.actorEmail ?? r.actorId ?? "");
  const columns: Column<Row>[] = [
    {
      id: "when",
      header: t("when"),
      className: "whitespace-nowrap",
      cell: (r) => (
        <time dateTime={new Date(r.createdAt).toISOString()}>
          {format.dateTime(new Date(r.createdAt), { dateStyle: "medium", timeStyle: "medium" })}
        </time>
      ),
    },
    { id: "who", header: t("who"), rowHeader: true, cell: who },
    {
      id: "action",
      header: t("action"),
      cellTestId: "audit-action",
      cell: (r) => (
        <>
          <code className="font-mono text-xs">{r.action}</code>
          <span className="block text-xs text-slate-600">{tAction(actionKey(r.action))}</span>
        </>
      ),
    },
    { id: "target", header: t("target"), hideBelow: "md", cell: (r) => <span className="font-mono text-xs">{r.targetId}</span> },
    {
      id: "details",
      header: t("details"),
      hideBelow: "lg",
      cell: (r) => (
        <code className="block max-w-xs truncate font-mono text-xs" title={JSON.stringify(r.details)}>
          {JSON.stringify(r.details)}
        </code>
      ),
    },
    { id: "ip", header: t("address"), hideBelow: "xl", cell: (r) => <span className="font-mono text-xs">{r.ip}</span> },
  ];

  return (
    <Card>
      <div className="mb-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("action")}
          value={action}
          onChange={(e) => refilter(() => setAction(e.target.value as CustomerAuditAction | ""))}
        >
          <option value="">{t("allActions")}</option>
          {CUSTOMER_AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("person")} value={actorId} onChange={(e) => refilter(() => setActorId(e.target.value))}>
          <option value="">{t("everyone")}</option>
          {members.data?.members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.email}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState
        query={log}
        loading={t("loading")}
        isEmpty={(d) => d.data.length === 0 && cursors.length === 1}
        empty={<EmptyState title={t("empty")}>{t("emptyText")}</EmptyState>}
      >
        {(d) => (
          <>
            <DataTable
              label={t("tableLabel")}
              columns={columns}
              rows={d.data}
              rowKey={(r) => r.id}
              rowAttributes={() => ({ "data-testid": "audit-row" })}
              empty={t("empty")}
              busy={log.isFetching}
            />
            <CursorPager
              label={t("pages")}
              page={cursors.length}
              nextCursor={d.nextCursor}
              loading={log.isFetching}
              setCursors={setCursors}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
