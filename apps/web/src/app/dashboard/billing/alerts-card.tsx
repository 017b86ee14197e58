"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const DOLLARS = /^\$?\d{1,7}(\.\d{1,2})?$/;

/** "10.00" for a stored threshold, "" for none (the field's "off"). */
const asField = (micros: bigint | null) => (micros === null ? "" : formatAmount(micros).slice(1));

/** An empty field turns the alert off; anything else must be a positive dollar amount. */
function check(value: string): string | null {
  const v = value.trim();
  if (v === "") return null;
  if (!DOLLARS.test(v)) return "Enter a dollar amount such as 10 or 10.50, or leave it empty for no alert.";
  if (/^\$?0*(\.0*)?$/.test(v)) return "Enter more than $0, or leave it empty for no alert.";
  return null;
}

/** The low-balance and monthly spend alert thresholds (docs/api.md#balance-alerts). */
export function AlertsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.alerts.get.queryOptions());
  const [low, setLow] = useState("");
  const [spend, setSpend] = useState("");
  const [errors, setErrors] = useState<{ low: string | null; spend: string | null }>({ low: null, spend: null });
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
        setNotice("Alert thresholds saved.");
      },
    }),
  );

  const data = settings.data;
  return (
    <Card
      title="Balance alerts"
      description="An email to your account address and an account.* webhook event to endpoints subscribed to it, once each time a threshold is crossed."
      className="mb-6"
    >
      {settings.isPending ? (
        <Spinner />
      ) : settings.error ? (
        <ErrorNote error={settings.error} />
      ) : (
        <form
          aria-label="Balance alerts"
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
              label="Low balance (USD)"
              inputMode="decimal"
              placeholder="Off"
              value={low}
              onChange={(e) => setLow(e.target.value)}
              error={errors.low}
              hint={
                data?.lowBalanceAlertedAt && data.lowBalanceThresholdMicros !== null
                  ? `Sent: the balance is below ${formatAmount(data.lowBalanceThresholdMicros)}. Sent again after it is back at that amount or more.`
                  : "When the available balance falls below this. Empty: no alert."
              }
            />
            <TextField
              label="Monthly spend (USD)"
              inputMode="decimal"
              placeholder="Off"
              value={spend}
              onChange={(e) => setSpend(e.target.value)}
              error={errors.spend}
              hint={
                data?.spendAlertedMonth && data.monthlySpendThresholdMicros !== null
                  ? `Sent for ${data.spendAlertedMonth} (UTC); the next one can come next month.`
                  : "When this month's charges less refunds (UTC) reach this. Empty: no alert."
              }
            />
          </div>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save alerts"}
          </Button>
          <ErrorNote error={save.error} />
          <p role="status" className="text-sm text-slate-700">
            {notice}
          </p>
        </form>
      )}
    </Card>
  );
}
