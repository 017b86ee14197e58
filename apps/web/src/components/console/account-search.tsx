"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { SearchInput } from "@/server/routers/support/search.schema";
import { useTRPC } from "@/trpc/client";
import { when } from "./format";
import { DataTable } from "@/components/ui/data-table";

export function AccountSearch() {
  const trpc = useTRPC();
  const form = useSchemaForm(SearchInput, { defaultValues: { query: "" } });
  const [query, setQuery] = useState("");
  const results = useQuery({ ...trpc.support.search.queryOptions({ query }), enabled: query.length >= 2 });
  const pending = useQuery(trpc.support.pendingTestBalance.queryOptions());

  return (
    <>
      <PageHeader
        title="Find an account"
        description="Search by email (any part, any case), account id (acct_…), API key prefix (vgk_…) or generation id (vid_…)."
      />
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's JSX types yet; the role gives the same landmark */}
      <form
        role="search"
        className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end"
        noValidate
        onSubmit={form.handleSubmit((valid) => setQuery(valid.query))}
      >
        <div className="flex-1">
          <TextField
            id="console-search"
            label="Search accounts"
            type="search"
            placeholder="jane@company.com, acct_…, vgk_…, vid_…"
            autoComplete="off"
            error={form.formState.errors.query?.message}
            {...form.register("query")}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>

      {query.length >= 2 && (
        <Card title="Results" className="mb-6">
          <QueryState
            query={results}
            loading="Searching"
            isEmpty={(d) => d.length === 0}
            empty={
              <EmptyState title="No account matches">
                Check the spelling, or try the account id, a key prefix or a generation id.
              </EmptyState>
            }
          >
            {(data) => (
              <DataTable
                label="Matching accounts"
                testId="search-results"
                minWidth="min-w-[36rem]"
                rows={data}
                rowKey={(a) => a.id}
                columns={[
                  {
                    id: "account",
                    header: "Account",
                    cell: (a) => (
                      <>
                        <Link href={`/console/accounts/${a.id}`} className="font-medium text-indigo-700 underline">
                          {a.email}
                        </Link>
                        <div className="font-mono text-xs text-slate-500">{a.id}</div>
                      </>
                    ),
                  },
                  { id: "matchedBy", header: "Matched by", cell: (a) => a.matchedBy.join(", ") },
                  {
                    id: "status",
                    header: "Status",
                    cell: (a) => (
                      <>
                        {a.deletedAt ? (
                          <Badge tone="gray">
                            <span data-testid="account-deleted">Deleted {when(a.deletedAt)}</span>
                          </Badge>
                        ) : (
                          <Badge tone={a.status === "active" ? "green" : "red"}>{a.status}</Badge>
                        )}{" "}
                        {a.role !== "user" && <Badge tone="blue">{a.role}</Badge>}
                      </>
                    ),
                  },
                  { id: "balance", header: "Balance", numeric: true, cell: (a) => formatAmount(a.balanceMicros) },
                  {
                    id: "created",
                    header: "Created",
                    className: "whitespace-nowrap text-slate-600",
                    cell: (a) => when(a.createdAt),
                  },
                ]}
              />
            )}
          </QueryState>
        </Card>
      )}

      <Card title="Waiting for support" description="Test balance requests not answered yet.">
        <QueryState
          query={pending}
          isEmpty={(d) => d.length === 0}
          empty={<p className="text-sm text-slate-600">No pending requests.</p>}
        >
          {(data) => (
            <p className="text-sm text-slate-700">
              {data.length} pending request{data.length === 1 ? "" : "s"}, oldest from {when(data[0]!.createdAt)}.{" "}
              <Link href="/console/test-balance" className="font-medium text-indigo-700 underline">
                Answer them
              </Link>
            </p>
          )}
        </QueryState>
      </Card>
    </>
  );
}
