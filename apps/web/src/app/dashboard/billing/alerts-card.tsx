"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { FormError, QueryState } from "@/components/ui/states";
import { SetAlertsInput } from "@/server/routers/alerts/set.schema";
import { useTRPC } from "@/trpc/client";

/** "10.00" for a stored threshold, null for none (an empty field: "off"). */
const asField = (micros: bigint | null) => (micros === null ? null : formatAmount(micros).slice(1));
/** An empty field turns the alert off. */
const orNull = (value: string | null) => (value === null || value.trim() === "" ? null : value);

/** The low-balance and monthly spend alert thresholds (docs/api.md#balance-alerts). */
export function AlertsCard() {
  const t = useTranslations("alerts");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.alerts.get.queryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  // The saved thresholds fill the fields once loaded.
  const form = useSchemaForm(SetAlertsInput, {
    values: settings.data && {
      lowBalanceThreshold: asField(settings.data.lowBalanceThresholdMicros),
      monthlySpendThreshold: asField(settings.data.monthlySpendThresholdMicros),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);

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
              setNotice(null);
              void form.handleSubmit((input) => save.mutateAsync(input).then(() => {}, showServerErrors))(e);
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("lowBalance")}
                inputMode="decimal"
                placeholder={t("off")}
                error={errors.lowBalanceThreshold?.message}
                {...form.register("lowBalanceThreshold", { setValueAs: orNull })}
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
                error={errors.monthlySpendThreshold?.message}
                {...form.register("monthlySpendThreshold", { setValueAs: orNull })}
                hint={
                  data.spendAlertedMonth && data.monthlySpendThresholdMicros !== null
                    ? t("spendSent", { month: data.spendAlertedMonth })
                    : t("spendHint")
                }
              />
            </div>
            <Button type="submit" variant="secondary" disabled={isSubmitting}>
              {isSubmitting ? t("saving") : t("save")}
            </Button>
            {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
            <p role="status" className="text-sm text-slate-700">
              {notice}
            </p>
          </form>
        )}
      </QueryState>
    </Card>
  );
}
