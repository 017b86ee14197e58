"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { formatAmount, GENERATION_STATUSES, type GenerationStatus } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { formatUtc, sourceLabel, STATUS_TONE } from "./format";
import { CursorPager } from "@/components/ui/cursor-pager";

const PAGE_SIZE = 20;
/** The source filter's value for generations made in the playground (the server's PLAYGROUND_SOURCE). */
const PLAYGROUND = "playground";

interface Filters {
  status: GenerationStatus | "";
  modelId: string;
  source: string;
  from: string;
  to: string;
  search: string;
}

const NO_FILTERS: Filters = { status: "", modelId: "", source: "", from: "", to: "", search: "" };

export function GenerationsPanel() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [searchText, setSearchText] = useState("");
  // Cursor pagination: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;

  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const list = useQuery({
    ...trpc.generations.list.queryOptions({
      status: filters.status || null,
      modelId: filters.modelId || null,
      source: filters.source || null,
      from: filters.from || null,
      to: filters.to || null,
      search: filters.search || null,
      limit: PAGE_SIZE,
      cursor,
    }),
    placeholderData: keepPreviousData,
  });

  const setFilter = <K extends keyof Filters>(k: K, v: Filters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setCursors([null]);
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter("search", searchText.trim());
  };
  const filtered = Object.values(filters).some(Boolean);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? "The start date is after the end date." : null;
  const page = cursors.length;

  return (
    <>
      <PageHeader
        title="Generations"
        description="Every clip this account asked for, from the API and the playground. Newest first; times are UTC."
        actions={
          <Link
            href="/dashboard/playground"
            className="inline-flex items-center justify-center rounded-md bg-slate-900 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
          >
            New generation
          </Link>
        }
      />
      <Card>
        <search aria-label="Search generations">
          <form className="mb-3 flex flex-wrap items-end gap-2" onSubmit={submitSearch}>
            <div className="min-w-0 flex-1 basis-56">
              <TextField
                label="Search"
                type="search"
                value={searchText}
                maxLength={200}
                placeholder="Prompt text or vid_…"
                onChange={(e) => setSearchText(e.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
        </search>
        <form
          className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-5"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Filter generations"
        >
          <SelectField
            label="Status"
            value={filters.status}
            onChange={(e) => setFilter("status", e.target.value as Filters["status"])}
          >
            <option value="">All statuses</option>
            {GENERATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField label="Model" value={filters.modelId} onChange={(e) => setFilter("modelId", e.target.value)}>
            <option value="">All models</option>
            {catalog.data?.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
              </option>
            ))}
          </SelectField>
          <SelectField label="Source" value={filters.source} onChange={(e) => setFilter("source", e.target.value)}>
            <option value="">All sources</option>
            <option value={PLAYGROUND}>Playground</option>
            {keys.data?.map((k) => (
              <option key={k.id} value={k.id}>
                Key: {k.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => setFilter("from", e.target.value)}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            error={rangeError}
            onChange={(e) => setFilter("to", e.target.value)}
          />
        </form>
        {filtered && (
          <p className="mb-3 text-sm">
            <button
              type="button"
              className="font-medium text-slate-700 underline hover:text-slate-900"
              onClick={() => {
                setFilters(NO_FILTERS);
                setSearchText("");
                setCursors([null]);
              }}
            >
              Clear filters and search
            </button>
          </p>
        )}

        {list.isPending ? (
          <Spinner label="Loading generations" />
        ) : list.error ? (
          <ErrorNote error={list.error} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={filtered ? "No generations match" : "No generations yet"}>
            {filtered ? (
              "Change the filters or the search to see more."
            ) : (
              <>
                Send a request with an API key or try the{" "}
                <Link className="underline" href="/dashboard/playground">
                  playground
                </Link>
                .
              </>
            )}
          </EmptyState>
        ) : (
          <>
            <table className="w-full table-fixed text-left text-sm" data-testid="generations-table" aria-busy={list.isFetching}>
              <caption className="sr-only">Generations, newest first</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="w-24 py-2 pr-3 font-medium sm:w-32">
                    Clip
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Prompt
                  </th>
                  <th scope="col" className="hidden w-32 py-2 pr-3 font-medium lg:table-cell">
                    Model
                  </th>
                  <th scope="col" className="w-24 py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="hidden w-28 py-2 pr-3 text-right font-medium md:table-cell">
                    Seconds
                  </th>
                  <th scope="col" className="hidden w-20 py-2 pr-3 text-right font-medium md:table-cell">
                    Cost
                  </th>
                  <th scope="col" className="hidden w-32 py-2 pr-3 font-medium xl:table-cell">
                    Source
                  </th>
                  <th scope="col" className="hidden w-44 py-2 font-medium md:table-cell">
                    Created
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.data.map((g) => (
                  <tr key={g.id} data-testid="generation-row" data-status={g.status} className="align-top">
                    <td className="py-2 pr-3">
                      {g.outputUrl ? (
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
                      )}
                    </td>
                    <td className="min-w-0 py-2 pr-3">
                      <Link
                        href={`/dashboard/generations/${g.id}`}
                        className="line-clamp-2 break-words font-medium text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-slate-600"
                        title={g.prompt}
                      >
                        {g.prompt}
                      </Link>
                      <p className="mt-0.5 truncate font-mono text-xs text-slate-500">{g.id}</p>
                      {/* What the hidden columns say, on narrow screens. */}
                      <p className="mt-0.5 text-xs text-slate-600 md:hidden">
                        {g.modelId} · {formatAmount(g.costMicros)} · {sourceLabel(g.apiKeyName)}
                        <br />
                        <time dateTime={g.createdAt.toISOString()}>{formatUtc(g.createdAt)}</time>
                      </p>
                    </td>
                    <td className="hidden truncate py-2 pr-3 text-slate-700 lg:table-cell">{g.modelId}</td>
                    <td className="py-2 pr-3">
                      <Badge tone={STATUS_TONE[g.status]}>{g.status}</Badge>
                    </td>
                    <td className="hidden py-2 pr-3 text-right tabular-nums text-slate-700 md:table-cell">
                      {g.duration} s / {g.billedSeconds} s billed
                    </td>
                    <td className="hidden py-2 pr-3 text-right tabular-nums text-slate-900 md:table-cell">
                      {formatAmount(g.costMicros)}
                    </td>
                    <td className="hidden truncate py-2 pr-3 text-slate-700 xl:table-cell">{sourceLabel(g.apiKeyName)}</td>
                    <td className="hidden py-2 tabular-nums text-slate-700 md:table-cell">
                      <time dateTime={g.createdAt.toISOString()}>{formatUtc(g.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <CursorPager
              label="Generation pages"
              page={page}
              nextCursor={list.data.nextCursor}
              loading={list.isPlaceholderData}
              setCursors={setCursors}
            />
          </>
        )}
      </Card>
    </>
  );
}
