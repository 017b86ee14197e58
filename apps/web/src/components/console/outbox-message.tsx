"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge, ErrorNote, Spinner } from "@/components/ui/states";
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
      {email.isPending ? (
        <Spinner label="Loading the email" />
      ) : email.error ? (
        <ErrorNote error={email.error} />
      ) : (
        <Card title={email.data.subject}>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">To</dt>
            <dd className="break-all" data-testid="email-to">
              {email.data.to}
            </dd>
            <dt className="text-slate-500">Kind</dt>
            <dd className="font-mono text-xs">{email.data.kind}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <Badge tone={EMAIL_STATUS_TONE[email.data.status]}>{email.data.status.replace("_", " ")}</Badge>{" "}
              <span className="text-slate-600">
                after {email.data.attempts} attempt{email.data.attempts === 1 ? "" : "s"}
              </span>
              {email.data.lastError && <div className="mt-0.5 break-words text-xs text-red-700">{email.data.lastError}</div>}
            </dd>
            <dt className="text-slate-500">Created</dt>
            <dd>{when(email.data.createdAt)}</dd>
            <dt className="text-slate-500">Sent</dt>
            <dd>{email.data.sentAt ? when(email.data.sentAt) : "—"}</dd>
            <dt className="text-slate-500">Account</dt>
            <dd>
              {email.data.accountId ? (
                <Link href={`/console/accounts/${email.data.accountId}`} className="text-indigo-700 underline">
                  {email.data.accountId}
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
            {email.data.text}
          </pre>
        </Card>
      )}
    </>
  );
}
