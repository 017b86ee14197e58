"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextAreaField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const MIN = 20;
const when = (d: Date) =>
  d
    .toISOString()
    .replace("T", " ")
    .replace(/:\d{2}\.\d{3}Z$/, " UTC");

export function TestBalancePanel() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.testBalance.list.queryOptions());
  const [useCase, setUseCase] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = useMutation(
    trpc.testBalance.request.mutationOptions({
      onSuccess: async () => {
        setUseCase("");
        await qc.invalidateQueries({ queryKey: trpc.testBalance.list.queryKey() });
      },
    }),
  );

  if (list.isPending) return <Spinner label="Loading test balance" />;
  if (list.error) return <ErrorNote error={list.error} />;
  const { requests, balanceMicros } = list.data;
  const pending = requests.find((r) => r.status === "pending");

  return (
    <>
      <PageHeader
        title="Test balance"
        description="Trying the API before paying? Tell us what you are building and support grants a test balance to spend on real generations."
        actions={
          <div className="text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Balance</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="test-balance-balance">
              {formatAmount(balanceMicros)}
            </p>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Request a test balance">
          {pending ? (
            <div role="status" className="space-y-2 text-sm">
              <p>
                <Badge tone="amber">pending</Badge> Your request from {when(pending.createdAt)} is waiting for support.
              </p>
              <p className="text-slate-500">You can send a new request once this one is answered.</p>
            </div>
          ) : (
            <form
              noValidate
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (useCase.trim().length < MIN) return setFieldError(`Describe your use case in at least ${MIN} characters.`);
                setFieldError(null);
                submit.mutate({ useCase });
              }}
            >
              <TextAreaField
                label="Your use case"
                name="useCase"
                rows={5}
                maxLength={2000}
                value={useCase}
                onChange={(e) => setUseCase(e.target.value)}
                placeholder="What are you building, which models and how many clips do you expect to generate while testing?"
                hint={`${useCase.trim().length} / at least ${MIN} characters`}
                error={fieldError ?? (submit.error?.message || null)}
              />
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? "Sending…" : "Request test balance"}
              </Button>
            </form>
          )}
        </Card>
        <Card title="Your requests">
          {requests.length === 0 ? (
            <EmptyState title="No requests yet">Your requests and support’s answers appear here.</EmptyState>
          ) : (
            <ul className="space-y-4" aria-label="Test balance requests">
              {requests.map((r) => (
                <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="test-balance-request">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-slate-500">{when(r.createdAt)}</span>
                    {r.status === "pending" && <Badge tone="amber">pending</Badge>}
                    {r.status === "granted" && <Badge tone="green">granted {formatAmount(r.grantedMicros ?? 0n)}</Badge>}
                    {r.status === "declined" && <Badge tone="red">declined</Badge>}
                  </div>
                  <p className="mt-2 whitespace-pre-wrap text-slate-800">{r.useCase}</p>
                  {r.response && (
                    <div className="mt-2 rounded-md bg-slate-50 px-3 py-2">
                      <p className="text-xs font-medium text-slate-500">
                        Support’s response{r.decidedAt ? ` · ${when(r.decidedAt)}` : ""}
                      </p>
                      <p className="mt-1 whitespace-pre-wrap text-slate-800">{r.response}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
