"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiErrorText } from "@/i18n/api-error";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatAmount, formatUtc } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextAreaField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const MIN = 20;

export function TestBalancePanel() {
  const t = useTranslations("testBalance");
  const tn = useTranslations("nav");
  const errorText = useApiErrorText();
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

  if (list.isPending) return <Spinner label={t("loading")} />;
  if (list.error) return <ErrorNote error={list.error} />;
  const { requests, balanceMicros } = list.data;
  const pending = requests.find((r) => r.status === "pending");

  return (
    <>
      <PageHeader
        title={tn("testBalance")}
        description={t("description")}
        actions={
          <div className="text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("balance")}</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="test-balance-balance">
              {formatAmount(balanceMicros)}
            </p>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("requestTitle")}>
          {pending ? (
            <div role="status" className="space-y-2 text-sm">
              <p>
                <Badge tone="amber">{t("pending")}</Badge> {t("waiting", { date: formatUtc(pending.createdAt) })}
              </p>
              <p className="text-slate-500">{t("oneAtATime")}</p>
            </div>
          ) : (
            <form
              noValidate
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (useCase.trim().length < MIN) return setFieldError(t("tooShort", { min: MIN }));
                setFieldError(null);
                submit.mutate({ useCase });
              }}
            >
              <TextAreaField
                label={t("useCase")}
                name="useCase"
                rows={5}
                maxLength={2000}
                value={useCase}
                onChange={(e) => setUseCase(e.target.value)}
                placeholder={t("useCasePlaceholder")}
                hint={t("useCaseCount", { count: useCase.trim().length, min: MIN })}
                error={fieldError ?? (submit.error ? errorText(submit.error) : null)}
              />
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? t("sending") : t("submit")}
              </Button>
            </form>
          )}
        </Card>
        <Card title={t("yourRequests")}>
          {requests.length === 0 ? (
            <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
          ) : (
            <ul className="space-y-4" aria-label={t("listLabel")}>
              {requests.map((r) => (
                <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="test-balance-request">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-slate-500">{formatUtc(r.createdAt)}</span>
                    {r.status === "pending" && <Badge tone="amber">{t("pending")}</Badge>}
                    {r.status === "granted" && (
                      <Badge tone="green">{t("granted", { amount: formatAmount(r.grantedMicros ?? 0n) })}</Badge>
                    )}
                    {r.status === "declined" && <Badge tone="red">{t("declined")}</Badge>}
                  </div>
                  <p className="mt-2 whitespace-pre-wrap text-slate-800">{r.useCase}</p>
                  {r.response && (
                    <div className="mt-2 rounded-md bg-slate-50 px-3 py-2">
                      <p className="text-xs font-medium text-slate-500">
                        {t("response")}
                        {r.decidedAt ? ` · ${formatUtc(r.decidedAt)}` : ""}
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
