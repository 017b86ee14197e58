"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { when } from "./format";
import { EMAIL_STATUS_TONE } from "./outbox";

/** One outbound email in full. Each load is one audited read, so it is fetched once and never refetched in the background. */
export function OutboxMessage({ emailId }: { emailId: string }) {
  const trpc = useTRPC();
  const email = useQuery({
    ...trpc.support.outboxMessage.queryOptions({ emailId }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

  return (
    <>
      <PageHeader
        title="Email"
        description="Reading this message was recorded in the audit log."
        actions={
          <Link href="/console/outbox" className="text-sm font-medium text-indigo-700 underline">
            ← Mail outbox
          </Link>
        }
      />
      <QueryState query={email} loading="Loading the email">
        {(data) => (
          <Card title={data.subject}>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="text-slate-500">To</dt>
              <dd className="break-all" data-testid="email-to">
                {data.to}
              </dd>
              <dt className="text-slate-500">Kind</dt>
              <dd className="font-mono text-xs">{data.kind}</dd>
              <dt className="text-slate-500">Status</dt>
              <dd>
                <Badge tone={EMAIL_STATUS_TONE[data.status]}>{data.status.replace("_", " ")}</Badge>{" "}
                <span className="text-slate-600">
                  after {data.attempts} attempt{data.attempts === 1 ? "" : "s"}
                </span>
                {data.lastError && <div className="mt-0.5 break-words text-xs text-red-700">{data.lastError}</div>}
              </dd>
              <dt className="text-slate-500">Created</dt>
              <dd>{when(data.createdAt)}</dd>
              <dt className="text-slate-500">Sent</dt>
              <dd>{data.sentAt ? when(data.sentAt) : "—"}</dd>
              <dt className="text-slate-500">Account</dt>
              <dd>
                {data.accountId ? (
                  <Link href={`/console/accounts/${data.accountId}`} className="text-indigo-700 underline">
                    {data.accountId}
                  </Link>
                ) : (
                  "—"
                )}
              </dd>
            </dl>
            <pre
              className="mt-4 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800"
              data-testid="email-text"
            >
              {data.text}
            </pre>
          </Card>
        )}
      </QueryState>
    </>
  );
}
