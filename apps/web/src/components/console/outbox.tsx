"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { TextField } from "@/components/ui/field";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { when } from "./format";
import { DataTable, Td } from "./table";

export const EMAIL_STATUS_TONE = { queued: "amber", sent: "green", failed: "red", not_sent: "gray" } as const;
const PAGE_SIZE = 25;

/** The mail outbox: every account email, newest first; opening one shows it in full (audited). */
export function OutboxView({ initialRecipient }: { initialRecipient: string }) {
  const trpc = useTRPC();
  const [form, setForm] = useState(initialRecipient);
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
          onSubmit={(e) => {
            e.preventDefault();
            setRecipient(form.trim());
            setCursors([null]);
          }}
        >
          <div className="sm:w-80">
            <TextField
              label="Recipient"
              placeholder="email or part of it"
              value={form}
              onChange={(e) => setForm(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setForm("");
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
              <DataTable caption="Outbound emails" head={["Created", "To", "Subject", "Status", "Attempts"]} testId="outbox">
                {data.data.map((m) => (
                  <tr key={m.id}>
                    <Td className="whitespace-nowrap">{when(m.createdAt)}</Td>
                    <Td className="break-all">{m.to}</Td>
                    <Td>
                      <Link href={`/console/outbox/${m.id}`} className="text-indigo-700 underline">
                        {m.subject}
                      </Link>
                      <div className="mt-0.5 font-mono text-xs text-slate-500">{m.kind}</div>
                    </Td>
                    <Td>
                      <Badge tone={EMAIL_STATUS_TONE[m.status]}>{m.status.replace("_", " ")}</Badge>
                      {m.lastError && <div className="mt-0.5 max-w-xs break-words text-xs text-red-700">{m.lastError}</div>}
                    </Td>
                    <Td className="tabular-nums">{m.attempts}</Td>
                  </tr>
                ))}
              </DataTable>
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
