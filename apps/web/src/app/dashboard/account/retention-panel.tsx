"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/field-errors";

/** The account's output retention (docs/api.md#output-retention). */
export function RetentionPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions());
  const save = useMutation(
    trpc.account.setRetention.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    }),
  );
  const fieldErrors = fieldErrorsOf(save.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    save.mutate({ retentionDays: Number(form.get("retentionDays")) });
  }

  return (
    <Card
      title="Output retention"
      description={`Days the video and its poster are kept after a generation completes (${MIN_RETENTION_DAYS}–${MAX_RETENTION_DAYS}, default ${DEFAULT_RETENTION_DAYS}); then they are deleted and their URLs answer 410 output_expired. A request's retention_days overrides this. A change applies to generations that complete afterwards.`}
    >
      {me.data && (
        <form onSubmit={onSubmit} aria-label="Output retention" className="max-w-sm space-y-5">
          <TextField
            label="Keep outputs for (days)"
            name="retentionDays"
            type="number"
            inputMode="numeric"
            min={MIN_RETENTION_DAYS}
            max={MAX_RETENTION_DAYS}
            step={1}
            required
            defaultValue={me.data.retentionDays}
            key={me.data.retentionDays}
            error={fieldErrors?.retentionDays}
          />
          {save.error && !fieldErrors?.retentionDays && <FormError>{save.error.message}</FormError>}
          {save.isSuccess && (
            <p role="status" className="text-sm font-medium text-green-800">
              Saved: outputs completed from now on are kept {save.data.retentionDays} days.
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save retention"}
          </Button>
        </form>
      )}
    </Card>
  );
}
