"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatAmount } from "@vgen/contracts";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { StaffAction } from "./action-dialog";
import { when } from "./format";

/** The answer a grant suggests, in the language the user reads the dashboard in (the console itself is English). */
const GRANT_ANSWER: Record<string, string> = {
  en: "Granted for your evaluation. Have fun!",
  ru: "Начислено, чтобы вы могли опробовать сервис. Удачных экспериментов!",
};
const LANGUAGE_NAME: Record<string, string> = { en: "English", ru: "Russian" };

/** Grant and decline buttons for one pending test balance request (reuses the engine's grant/decline). */
export function TestBalanceDecision({
  requestId,
  email,
  locale,
  onDone,
}: {
  requestId: string;
  email: string;
  /** The user's language: the answer is shown to them as written. */
  locale: string;
  onDone: () => Promise<unknown>;
}) {
  const answerLabel = `Response to the user (they read ${LANGUAGE_NAME[locale] ?? locale})`;
  const trpc = useTRPC();
  const grant = useMutation(trpc.support.grantTestBalance.mutationOptions({ onSuccess: onDone }));
  const decline = useMutation(trpc.support.declineTestBalance.mutationOptions({ onSuccess: onDone }));
  return (
    <div className="flex flex-wrap gap-2">
      <StaffAction
        label="Grant"
        buttonVariant="primary"
        title="Grant test balance"
        description={
          <>
            Credits {email} once with a <code>test_credit</code> ledger entry.
          </>
        }
        confirmLabel="Grant"
        amount={{ label: "Amount (USD)", hint: "Between $0.01 and $1000", initial: "5.00" }}
        text={{ label: answerLabel, initial: GRANT_ANSWER[locale] ?? GRANT_ANSWER.en, min: 1 }}
        onSubmit={(v) => grant.mutateAsync({ requestId, amount: v.amount, response: v.text })}
      />
      <StaffAction
        label="Decline"
        title="Decline test balance"
        confirmLabel="Decline"
        variant="danger"
        text={{ label: answerLabel, min: 1 }}
        onSubmit={(v) => decline.mutateAsync({ requestId, response: v.text })}
      />
    </div>
  );
}

export function PendingTestBalance() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const pending = useQuery(trpc.support.pendingTestBalance.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.support.pathKey() });
  return (
    <>
      <PageHeader
        title="Test balance requests"
        description="Users asking for a test balance, oldest first. Grant an amount you choose, or decline with an answer the user sees."
      />
      <QueryState
        query={pending}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title="No pending requests">Every request has been answered.</EmptyState>}
      >
        {(data) => (
          <ul className="space-y-4">
            {data.map((r) => (
              <li key={r.id} data-testid="pending-request">
                <Card
                  title={
                    <Link href={`/console/accounts/${r.accountId}`} className="text-indigo-700 underline">
                      {r.account.email}
                    </Link>
                  }
                  description={`Asked ${when(r.createdAt)} · balance ${formatAmount(r.account.balanceMicros)}`}
                  actions={
                    <TestBalanceDecision
                      requestId={r.id}
                      email={r.account.email ?? r.account.name ?? r.accountId}
                      locale={r.account.locale}
                      onDone={refresh}
                    />
                  }
                >
                  <p className="whitespace-pre-wrap text-sm text-slate-700">{r.useCase}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
