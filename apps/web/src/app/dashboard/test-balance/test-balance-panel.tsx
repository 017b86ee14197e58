"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { formatAmount, formatUtc } from "@vgen/contracts";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextAreaField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { RequestTestBalanceInput, USE_CASE_MIN_LENGTH } from "@/server/routers/testBalance/request.schema";
import { useTRPC } from "@/trpc/client";

export function TestBalancePanel() {
  const t = useTranslations("testBalance");
  const tn = useTranslations("nav");
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.testBalance.list.queryOptions());
  const form = useSchemaForm(RequestTestBalanceInput, { defaultValues: { useCase: "" } });
  // Any refusal of the request (one already pending, too short) reads under the use case.
  const showServerErrors = useServerErrors(form, { state_conflict: "useCase" });
  const submit = useMutation(
    trpc.testBalance.request.mutationOptions({
      onSuccess: async () => {
        form.reset();
        await qc.invalidateQueries({ queryKey: trpc.testBalance.list.queryKey() });
      },
    }),
  );
  const onSubmit = form.handleSubmit((input) => submit.mutateAsync(input).then(() => {}, showServerErrors));
  const useCase = form.watch("useCase");

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
            <form noValidate className="space-y-3" onSubmit={onSubmit}>
              <TextAreaField
                label={t("useCase")}
                rows={5}
                maxLength={2000}
                placeholder={t("useCasePlaceholder")}
                hint={t("useCaseCount", { count: useCase.trim().length, min: USE_CASE_MIN_LENGTH })}
                error={form.formState.errors.useCase?.message ?? form.formState.errors.root?.server?.message}
                {...form.register("useCase")}
              />
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t("sending") : t("submit")}
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
