"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ErrorNote, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const DOLLARS = /^\$?\d{1,7}(\.\d{1,2})?$/;

/** "10.00" for a stored threshold, "" for none (the field's "off"). */
const asField = (micros: bigint | null) => (micros === null ? "" : formatAmount(micros).slice(1));

/** An empty field turns the alert off; anything else must be a positive dollar amount. */
function check(value: string): "invalidAmount" | "zeroAmount" | null {
  const v = value.trim();
  if (v === "") return null;
  if (!DOLLARS.test(v)) return "invalidAmount";
  if (/^\$?0*(\.0*)?$/.test(v)) return "zeroAmount";
  return null;
}

/** The low-balance and monthly spend alert thresholds (docs/api.md#balance-alerts). */
export function AlertsCard() {
  const t = useTranslations("alerts");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.alerts.get.queryOptions());
  const [low, setLow] = useState("");
  const [spend, setSpend] = useState("");
  const [errors, setErrors] = useState<{ low: ReturnType<typeof check>; spend: ReturnType<typeof check> }>({
    low: null,
    spend: null,
  });
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setLow(asField(settings.data.lowBalanceThresholdMicros));
    setSpend(asField(settings.data.monthlySpendThresholdMicros));
  }, [settings.data]);

  const save = useMutation(
    trpc.alerts.set.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.alerts.get.queryKey(), saved);
        setNotice(t("saved"));
      },
    }),
  );

  return (
    <Card title={t("title")} description={t("description")} className="mb-6">
      <QueryState query={settings}>
        {(data) => (
          <form
            aria-label={t("title")}
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              setNotice(null);
              const found = { low: check(low), spend: check(spend) };
              setErrors(found);
              if (found.low || found.spend) return;
              save.mutate({ lowBalanceThreshold: low.trim() || null, monthlySpendThreshold: spend.trim() || null });
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("lowBalance")}
                inputMode="decimal"
                placeholder={t("off")}
                value={low}
                onChange={(e) => setLow(e.target.value)}
                error={errors.low && t(errors.low)}
                hint={
                  data.lowBalanceAlertedAt && data.lowBalanceThresholdMicros !== null
                    ? t("lowSent", { amount: formatAmount(data.lowBalanceThresholdMicros) })
                    : t("lowHint")
                }
              />
              <TextField
                label={t("monthlySpend")}
                inputMode="decimal"
                placeholder={t("off")}
                value={spend}
                onChange={(e) => setSpend(e.target.value)}
                error={errors.spend && t(errors.spend)}
                hint={
                  data.spendAlertedMonth && data.monthlySpendThresholdMicros !== null
                    ? t("spendSent", { month: data.spendAlertedMonth })
                    : t("spendHint")
                }
              />
            </div>
            <Button type="submit" variant="secondary" disabled={save.isPending}>
              {save.isPending ? t("saving") : t("save")}
            </Button>
            <ErrorNote error={save.error} />
            <p role="status" className="text-sm text-slate-700">
              {notice}
            </p>
          </form>
        )}
      </QueryState>
    </Card>
  );
}
