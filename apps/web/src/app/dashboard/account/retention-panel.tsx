"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { SetRetentionInput } from "@/server/routers/account/setRetention.schema";
import { useTRPC } from "@/trpc/client";

/** The account's output retention (docs/api.md#output-retention). */
export function RetentionPanel() {
  const t = useTranslations("retention");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions());
  const save = useMutation(
    trpc.account.setRetention.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    }),
  );
  // The saved value fills the field once the account has loaded.
  const form = useSchemaForm(SetRetentionInput, { values: me.data && { retentionDays: me.data.retentionDays } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);

  const onSubmit = form.handleSubmit((values) => save.mutateAsync(values).then(() => {}, showServerErrors));

  return (
    <Card
      title={t("title")}
      description={t("description", { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS, default: DEFAULT_RETENTION_DAYS })}
    >
      {me.data && (
        <form onSubmit={onSubmit} noValidate aria-label={t("title")} className="max-w-sm space-y-5">
          <TextField
            label={t("field")}
            type="number"
            inputMode="numeric"
            min={MIN_RETENTION_DAYS}
            max={MAX_RETENTION_DAYS}
            step={1}
            required
            error={errors.retentionDays?.message}
            {...form.register("retentionDays", { valueAsNumber: true })}
          />
          {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
          {save.isSuccess && (
            <p role="status" className="text-sm font-medium text-green-800">
              {t("saved", { days: save.data.retentionDays })}
            </p>
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("saving") : t("save")}
          </Button>
        </form>
      )}
    </Card>
  );
}
