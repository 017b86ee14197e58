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

const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
const FILTERS = ["status", "key", "operation", "from", "to"] as const;
type FilterName = (typeof FILTERS)[number];
const PAGE_SIZE = 25;

const oneOf = <T extends string>(values: readonly T[], v: string): T | null =>
  (values as readonly string[]).includes(v) ? (v as T) : null;

function readFilters(params: URLSearchParams): Record<FilterName, string> {
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Record<FilterName, string>;
}

export function RequestsPanel({ retentionDays }: { retentionDays: number }) {
  const t = useTranslations("requests");
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
  const { from, to } = filters;
  const rangeError = from && to && from > to ? t("rangeError") : null;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  useEffect(() => {
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [router, pathname, query]);

  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const list = useQuery({
    ...trpc.requests.list.queryOptions({
      statusClass: status,
      apiKeyId,
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

  return (
    <>
      <PageHeader title={tn("requests")} description={t("description", { days: retentionDays })} />
      <Card title={t("log")}>
        <form
          className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
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
              <div className="-mx-5 overflow-x-auto" aria-busy={list.isFetching}>
                <table className="w-full min-w-[720px] text-left text-sm" data-testid="requests-table">
                  <caption className="sr-only">{t("caption")}</caption>
                  <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                    <tr>
                      <th scope="col" className="px-5 py-2 font-medium">
                        {t("timeUtc")}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t("request")}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t("status")}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        {t("latency")}
                      </th>
                      <th scope="col" className="px-5 py-2 font-medium">
                        {t("key")}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.data.map((r) => (
                      <tr key={r.id} data-testid="request-row" data-status={r.status}>
                        <td className="whitespace-nowrap px-5 py-2 tabular-nums text-slate-700">
                          <Link
                            className="underline decoration-slate-300 hover:decoration-slate-900 focus-visible:outline-2 focus-visible:outline-slate-600"
                            href={`/dashboard/requests/${encodeURIComponent(r.id)}${query ? `?${query}` : ""}`}
                            aria-label={t("rowLabel", { method: r.method, path: r.path, time: formatUtc(r.createdAt) })}
                          >
                            <UtcTime value={r.createdAt} />
                          </Link>
                        </td>
                        <td className="px-3 py-2">
                          <span className="font-mono text-xs">
                            <span className="font-semibold">{r.method}</span> {r.path}
                          </span>
                        </td>
                        <td className="whitespace-nowrap px-3 py-2">
                          <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                          {r.errorCode && <span className="ml-2 font-mono text-xs text-slate-700">{r.errorCode}</span>}
                        </td>
                        <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                          {t("ms", { value: String(r.latencyMs) })}
                        </td>
                        <td className="px-5 py-2 text-slate-700">{keyName(r.apiKeyId)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
