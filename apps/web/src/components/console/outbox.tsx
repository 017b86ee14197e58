"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { TextField } from "@/components/ui/field";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { OutboxInput } from "@/server/routers/support/outbox.schema";
import { useTRPC } from "@/trpc/client";
import { when } from "./format";
import { DataTable } from "@/components/ui/data-table";

export const EMAIL_STATUS_TONE = { queued: "amber", sent: "green", failed: "red", not_sent: "gray" } as const;
const PAGE_SIZE = 25;
/** The outbox's filter, checked by the procedure's own schema. */
const RecipientFilter = OutboxInput.pick({ recipient: true });

/** The mail outbox: every account email, newest first; opening one shows it in full (audited). */
export function OutboxView({ initialRecipient }: { initialRecipient: string }) {
  const trpc = useTRPC();
  const form = useSchemaForm(RecipientFilter, { defaultValues: { recipient: initialRecipient } });
  const [recipient, setRecipient] = useState(initialRecipient);
  // Cursor pagination: the cursors of the pages opened so far.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const list = useQuery({
    ...trpc.support.outbox.queryOptions({ recipient: recipient || null, cursor, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Mail outbox"
        description="Every email the platform sent or tried to send. Opening one shows its text, links included, and is recorded in the audit log."
      />
      <Card className="mb-6">
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          noValidate
          onSubmit={form.handleSubmit((valid) => {
            setRecipient(valid.recipient ?? "");
            setCursors([null]);
          })}
        >
          <div className="sm:w-80">
            <TextField
              label="Recipient"
              placeholder="email or part of it"
              error={form.formState.errors.recipient?.message}
              {...form.register("recipient")}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                form.reset({ recipient: "" });
                setRecipient("");
                setCursors([null]);
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <QueryState
          query={list}
          loading="Loading the outbox"
          isEmpty={(d) => d.data.length === 0}
          empty={<EmptyState title={recipient ? "No email to a matching address" : "No email yet"} />}
        >
          {(data) => (
            <>
              <DataTable
                label="Outbound emails"
                testId="outbox"
                minWidth="min-w-[36rem]"
                rows={data.data}
                rowKey={(m) => m.id}
                columns={[
                  { id: "created", header: "Created", className: "whitespace-nowrap", cell: (m) => when(m.createdAt) },
                  { id: "to", header: "To", className: "break-all", cell: (m) => m.to },
                  {
                    id: "subject",
                    header: "Subject",
                    cell: (m) => (
                      <>
                        <Link href={`/console/outbox/${m.id}`} className="text-indigo-700 underline">
                          {m.subject}
                        </Link>
                        <div className="mt-0.5 font-mono text-xs text-slate-500">{m.kind}</div>
                      </>
                    ),
                  },
                  {
                    id: "status",
                    header: "Status",
                    cell: (m) => (
                      <>
                        <Badge tone={EMAIL_STATUS_TONE[m.status]}>{m.status.replace("_", " ")}</Badge>
                        {m.lastError && <div className="mt-0.5 max-w-xs break-words text-xs text-red-700">{m.lastError}</div>}
                      </>
                    ),
                  },
                  { id: "attempts", header: "Attempts", numeric: true, cell: (m) => m.attempts },
                ]}
              />
              <CursorPager
                label="Outbox pages"
                page={cursors.length}
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
