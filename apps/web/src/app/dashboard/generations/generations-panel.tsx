"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { z } from "zod";
import { formatAmount, GENERATION_STATUSES } from "@vgen/contracts";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { GenerationFilters } from "@/server/routers/generations/list.schema";
import { useTRPC } from "@/trpc/client";
import { STATUS_TONE } from "./format";
import { UtcTime } from "@/components/ui/utc-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { DataTable } from "@/components/ui/data-table";

const PAGE_SIZE = 20;
/** The source filter's value for generations made in the playground (the server's PLAYGROUND_SOURCE). */
const PLAYGROUND = "playground";

type Filters = z.output<typeof GenerationFilters>;
const NO_FILTERS = {
  status: null,
  modelId: null,
  projectId: null,
  source: null,
  from: null,
  to: null,
  search: null,
} satisfies Filters;
/** An empty field or an "all" option: no filter. */
const orNull = (value: string) => value || null;

export function GenerationsPanel() {
  const t = useTranslations("generations");
  const ts = useTranslations("status");
  const tn = useTranslations("nav");
  // A refund is shown where the charge is: "Refunded $0.60", or "$0.60, $0.25 refunded" for part of it.
  const costText = (g: { costMicros: bigint; refundedMicros: bigint | null }) =>
    g.refundedMicros === null
      ? formatAmount(g.costMicros)
      : g.refundedMicros >= g.costMicros
        ? t("refundedCost", { amount: formatAmount(g.refundedMicros) })
        : t("partlyRefundedCost", { amount: formatAmount(g.costMicros), refunded: formatAmount(g.refundedMicros) });
  const trpc = useTRPC();
  // The filters the list shows: the form's last values its schema (the list procedure's) accepted.
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Cursor pagination: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const form = useSchemaForm(GenerationFilters, { defaultValues: NO_FILTERS, mode: "onChange", shouldFocusError: false });
  const { errors } = form.formState;
  const show = useCallback((valid: Filters) => {
    setFilters(valid);
    setCursors([null]);
  }, []);
  const apply = useMemo(() => form.handleSubmit(show), [form, show]);
  // The filters apply as they change; the search applies when it is submitted.
  useEffect(() => {
    const { unsubscribe } = form.watch((_, { name }) => {
      if (name && name !== "search") void apply();
    });
    return unsubscribe;
  }, [form, apply]);

  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: true }));
  const tp = useTranslations("projects");
  const list = useQuery({
    ...trpc.generations.list.queryOptions({ ...filters, limit: PAGE_SIZE, cursor }),
    placeholderData: keepPreviousData,
  });

  const filtered = Object.values(filters).some(Boolean);
  const [from, to] = form.watch(["from", "to"]);
  const page = cursors.length;

  return (
    <>
      <PageHeader
        title={tn("generations")}
        description={t("description")}
        actions={
          <Link
            href="/dashboard/playground"
            className="inline-flex items-center justify-center rounded-md bg-slate-900 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
          >
            {t("new")}
          </Link>
        }
      />
      <Card>
        <search aria-label={t("searchLabel")}>
          <form className="mb-3 flex flex-wrap items-end gap-2" noValidate onSubmit={apply}>
            <div className="min-w-0 flex-1 basis-56">
              <TextField
                label={t("search")}
                type="search"
                maxLength={200}
                placeholder={t("searchPlaceholder")}
                error={errors.search?.message}
                {...form.register("search", { setValueAs: orNull })}
              />
            </div>
            <Button type="submit" variant="secondary">
              {t("search")}
            </Button>
          </form>
        </search>
        <form className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-6" noValidate onSubmit={apply} aria-label={t("filterLabel")}>
          <SelectField label={t("status")} {...form.register("status", { setValueAs: orNull })}>
            <option value="">{t("allStatuses")}</option>
            {GENERATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ts(s)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("model")} {...form.register("modelId", { setValueAs: orNull })}>
            <option value="">{t("allModels")}</option>
            {catalog.data?.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
              </option>
            ))}
          </SelectField>
          <SelectField label={tp("filterLabel")} {...form.register("projectId", { setValueAs: orNull })}>
            <option value="">{tp("allProjects")}</option>
            {projects.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("source")} {...form.register("source", { setValueAs: orNull })}>
            <option value="">{t("allSources")}</option>
            <option value={PLAYGROUND}>{tn("playground")}</option>
            {keys.data?.map((k) => (
              <option key={k.id} value={k.id}>
                {t("keySource", { name: k.name })}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("from")}
            type="date"
            max={to || undefined}
            error={errors.from?.message}
            {...form.register("from", { setValueAs: orNull })}
          />
          <TextField
            label={t("to")}
            type="date"
            min={from || undefined}
            error={errors.to?.message}
            {...form.register("to", { setValueAs: orNull })}
          />
        </form>
        {filtered && (
          <p className="mb-3 text-sm">
            <button
              type="button"
              className="font-medium text-slate-700 underline hover:text-slate-900"
              onClick={() => {
                form.reset(NO_FILTERS);
                setFilters(NO_FILTERS);
                setCursors([null]);
              }}
            >
              {t("clear")}
            </button>
          </p>
        )}

        <QueryState
          query={list}
          loading={t("loading")}
          isEmpty={(d) => d.data.length === 0}
          empty={
            <EmptyState title={filtered ? t("noMatch") : t("empty")}>
              {filtered
                ? t("noMatchHint")
                : t.rich("emptyHint", {
                    link: (chunks) => (
                      <Link className="underline" href="/dashboard/playground">
                        {chunks}
                      </Link>
                    ),
                  })}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <DataTable
                label={t("caption")}
                testId="generations-table"
                busy={list.isFetching}
                fixed
                rows={data.data}
                rowKey={(g) => g.id}
                rowAttributes={(g) => ({ "data-testid": "generation-row", "data-status": g.status })}
                rowHref={(g) => `/dashboard/generations/${g.id}`}
                columns={[
                  {
                    id: "clip",
                    header: t("colClip"),
                    className: "w-28 sm:w-36",
                    cell: (g) =>
                      g.posterUrl ? (
                        // biome-ignore lint/performance/noImgElement: a stored poster served by /cdn, not an optimizable asset
                        <img
                          src={g.posterUrl}
                          alt={t("frameAlt", { prompt: g.prompt })}
                          width={g.width}
                          height={g.height}
                          loading="lazy"
                          decoding="async"
                          data-testid="generation-thumbnail"
                          className="aspect-video h-auto w-full rounded bg-black object-cover"
                        />
                      ) : g.outputUrl ? (
                        <video
                          src={g.outputUrl}
                          muted
                          playsInline
                          preload="metadata"
                          aria-hidden
                          tabIndex={-1}
                          className="aspect-video w-full rounded bg-black object-cover"
                        />
                      ) : (
                        <div
                          aria-hidden
                          className="grid aspect-video w-full place-items-center rounded bg-slate-100 text-slate-400"
                        >
                          ▶
                        </div>
                      ),
                  },
                  {
                    id: "prompt",
                    header: t("colPrompt"),
                    link: true,
                    className: "min-w-0",
                    cell: (g) => (
                      <span className="line-clamp-2 break-words font-medium text-slate-900" title={g.prompt}>
                        {g.prompt}
                      </span>
                    ),
                    detail: (g) => (
                      <>
                        <span className="mt-0.5 block truncate font-mono text-xs text-slate-500">{g.id}</span>
                        {/* What the hidden columns say, on narrow screens. */}
                        <span className="mt-0.5 block text-xs text-slate-600 md:hidden">
                          {g.modelId} · {costText(g)} · {g.apiKeyName ?? tn("playground")}
                          <br />
                          <UtcTime value={g.createdAt} />
                        </span>
                      </>
                    ),
                  },
                  {
                    id: "model",
                    header: t("model"),
                    hideBelow: "lg",
                    className: "w-32 truncate text-slate-700",
                    cell: (g) => g.modelId,
                  },
                  {
                    id: "status",
                    header: t("status"),
                    className: "w-24",
                    cell: (g) => <Badge tone={STATUS_TONE[g.status]}>{ts(g.status)}</Badge>,
                  },
                  {
                    id: "seconds",
                    header: t("colSeconds"),
                    numeric: true,
                    hideBelow: "md",
                    className: "w-28 text-slate-700",
                    cell: (g) => t("secondsBilled", { duration: g.duration, billed: g.billedSeconds }),
                  },
                  {
                    id: "cost",
                    header: t("colCost"),
                    numeric: true,
                    hideBelow: "md",
                    className: "w-24 text-slate-900",
                    cell: (g) => costText(g),
                  },
                  {
                    id: "source",
                    header: t("source"),
                    hideBelow: "xl",
                    className: "w-32 truncate text-slate-700",
                    cell: (g) => g.apiKeyName ?? tn("playground"),
                  },
                  {
                    id: "created",
                    header: t("colCreated"),
                    hideBelow: "md",
                    className: "w-48 tabular-nums text-slate-700",
                    cell: (g) => <UtcTime value={g.createdAt} />,
                  },
                ]}
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
