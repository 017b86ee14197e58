"use client";

import { API_ROUTE_TEMPLATES, formatUtc } from "@vgen/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { keyLabel, OPERATION_OPTIONS, statusTone } from "./request-format";
import { UtcTime } from "@/components/ui/utc-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { AppRouter } from "@/server/routers/_app";
import type { inferRouterOutputs } from "@trpc/server";

const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
const FILTERS = ["status", "project", "key", "operation", "from", "to"] as const;
type FilterName = (typeof FILTERS)[number];
const PAGE_SIZE = 25;
type Row = inferRouterOutputs<AppRouter>["requests"]["list"]["data"][number];

const oneOf = <T extends string>(values: readonly T[], v: string): T | null =>
  (values as readonly string[]).includes(v) ? (v as T) : null;

function readFilters(params: URLSearchParams): Record<FilterName, string> {
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Record<FilterName, string>;
}

export function RequestsPanel({ retentionDays }: { retentionDays: number }) {
  const t = useTranslations("requests");
  const tp = useTranslations("projects");
  const tn = useTranslations("nav");
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // Filters live in the address too, so a request's detail page can lead back to the same list.
  const [filters, setFilters] = useState<Record<FilterName, string>>(() => readFilters(params));
  const status = oneOf(STATUS_CLASSES, filters.status);
  const operation = oneOf(API_ROUTE_TEMPLATES, filters.operation);
  const apiKeyId = filters.key || null;
  const projectId = filters.project || null;
  const { from, to } = filters;
  const rangeError = from && to && from > to ? t("rangeError") : null;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  useEffect(() => {
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [router, pathname, query]);

  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: true }));
  const list = useQuery({
    ...trpc.requests.list.queryOptions({
      statusClass: status,
      apiKeyId,
      projectId,
      operation,
      from: from || null,
      to: rangeError ? null : to || null,
      limit: PAGE_SIZE,
      cursor,
    }),
    placeholderData: keepPreviousData,
  });

  const setFilter = (name: FilterName, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setCursors([null]);
  };
  const filtered = Object.values(filters).some(Boolean);
  const keyName = (id: string | null) => {
    if (!id) return "—";
    const k = keys.data?.find((x) => x.id === id);
    return k ? keyLabel(k, t("revokedSuffix")) : id;
  };
  const page = cursors.length;
  // Time, request and status stay on a phone's screen; latency and key step aside.
  const columns: Column<Row>[] = [
    {
      id: "time",
      header: t("timeUtc"),
      link: true,
      className: "tabular-nums text-slate-700 sm:whitespace-nowrap",
      cell: (r) => <UtcTime value={r.createdAt} />,
    },
    {
      id: "request",
      header: t("request"),
      className: "break-all",
      cell: (r) => (
        <span className="font-mono text-xs">
          <span className="font-semibold">{r.method}</span> {r.path}
        </span>
      ),
    },
    {
      id: "status",
      header: t("status"),
      cell: (r) => (
        <>
          <Badge tone={statusTone(r.status)}>{r.status}</Badge>
          {r.errorCode && (
            <span className="block break-all font-mono text-xs text-slate-700 sm:ml-2 sm:inline">{r.errorCode}</span>
          )}
        </>
      ),
    },
    {
      id: "latency",
      header: t("latency"),
      numeric: true,
      hideBelow: "sm",
      className: "whitespace-nowrap",
      cell: (r) => t("ms", { value: String(r.latencyMs) }),
    },
    { id: "key", header: t("key"), hideBelow: "md", className: "text-slate-700", cell: (r) => keyName(r.apiKeyId) },
  ];

  return (
    <>
      <PageHeader title={tn("requests")} description={t("description", { days: retentionDays })} />
      <Card title={t("log")}>
        <form
          className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
          onSubmit={(e) => e.preventDefault()}
          aria-label={t("filter")}
        >
          <SelectField label={t("status")} value={status ?? ""} onChange={(e) => setFilter("status", e.target.value)}>
            <option value="">{t("allStatuses")}</option>
            {STATUS_CLASSES.map((c) => (
              <option key={c} value={c}>
                {t(c)}
              </option>
            ))}
          </SelectField>
          <SelectField label={tp("filterLabel")} value={projectId ?? ""} onChange={(e) => setFilter("project", e.target.value)}>
            <option value="">{tp("allProjects")}</option>
            {projects.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("apiKey")} value={apiKeyId ?? ""} onChange={(e) => setFilter("key", e.target.value)}>
            <option value="">{t("allKeys")}</option>
            {keys.data?.map((k) => (
              <option key={k.id} value={k.id}>
                {keyLabel(k, t("revokedSuffix"))}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("operation")} value={operation ?? ""} onChange={(e) => setFilter("operation", e.target.value)}>
            <option value="">{t("allOperations")}</option>
            {OPERATION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("from")}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFilter("from", e.target.value)}
          />
          <TextField
            label={t("to")}
            type="date"
            value={to}
            min={from || undefined}
            error={rangeError}
            onChange={(e) => setFilter("to", e.target.value)}
          />
        </form>

        <QueryState
          query={list}
          loading={t("loading")}
          isEmpty={(d) => d.data.length === 0}
          empty={
            <EmptyState title={filtered ? t("noMatch") : t("empty")}>
              {filtered ? (
                t("noMatchHint")
              ) : (
                <>
                  {t("emptyHint")}{" "}
                  <Link className="font-medium underline" href="/dashboard/quickstart">
                    {tn("quickstart")}
                  </Link>
                </>
              )}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <DataTable
                label={t("caption")}
                testId="requests-table"
                busy={list.isFetching}
                columns={columns}
                rows={data.data}
                rowKey={(r) => r.id}
                rowAttributes={(r) => ({ "data-testid": "request-row", "data-status": r.status })}
                rowHref={(r) => `/dashboard/requests/${encodeURIComponent(r.id)}${query ? `?${query}` : ""}`}
                rowLinkLabel={(r) => t("rowLabel", { method: r.method, path: r.path, time: formatUtc(r.createdAt) })}
              />
              <CursorPager
                label={t("pages")}
                page={page}
                nextCursor={data.nextCursor}
                loading={list.isPlaceholderData}
                setCursors={setCursors}
              />
            </>
          )}
        </QueryState>
      </Card>
    </>
  );
}
