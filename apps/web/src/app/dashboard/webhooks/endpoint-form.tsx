"use client";

import { ENDPOINT_EVENTS, MAX_ENDPOINT_DESCRIPTION_CHARS, type EndpointEvent } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { CreateEndpointInput } from "@/server/routers/webhooks/createEndpoint.schema";

export type EndpointFormValues = z.output<typeof CreateEndpointInput>;

const EVENT_HINTS = {
  "generation.processing": "eventProcessing",
  "generation.progress": "eventProgress",
  "generation.completed": "eventCompleted",
  "generation.failed": "eventFailed",
  "generation.canceled": "eventCanceled",
  "account.balance_low": "eventBalanceLow",
  "account.spend_threshold_reached": "eventSpendThreshold",
} as const satisfies Record<EndpointEvent, string>;

const TERMINAL: EndpointEvent[] = ["generation.completed", "generation.failed", "generation.canceled"];

/**
 * URL, description and subscribed events of an endpoint; used to add one and to edit one. Checked by
 * the create procedure's schema; `onSubmit` is the mutation, whose refusals land under the fields
 * (a URL the SSRF policy refuses under the URL).
 */
export function EndpointForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: EndpointFormValues;
  submitLabel: string;
  onSubmit: (values: EndpointFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const t = useTranslations("webhooks");
  const tc = useTranslations("common");
  const form = useSchemaForm(CreateEndpointInput, {
    defaultValues: { url: initial?.url ?? "", description: initial?.description ?? "", events: initial?.events ?? TERMINAL },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const events = form.watch("events");

  const submit = form.handleSubmit((values) =>
    onSubmit({ ...values, events: ENDPOINT_EVENTS.filter((ev) => values.events.includes(ev)) }).then(() => {}, showServerErrors),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={submitLabel}>
      <TextField
        label={t("endpointUrl")}
        type="url"
        required
        maxLength={2048}
        placeholder="https://example.com/hooks/vgen"
        hint={t("endpointUrlHint")}
        error={errors.url?.message}
        {...form.register("url", { setValueAs: (value: string) => value.trim() })}
      />
      <TextField
        label={t("endpointDescription")}
        maxLength={MAX_ENDPOINT_DESCRIPTION_CHARS}
        hint={t("endpointDescriptionHint")}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("events")}</legend>
        {ENDPOINT_EVENTS.map((ev) => (
          <label key={ev} className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5 size-4" value={ev} {...form.register("events")} />
            <span className="min-w-0">
              <span className="font-mono break-all">{ev}</span> <span className="text-slate-500">— {t(EVENT_HINTS[ev])}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting || events.length === 0}>
          {isSubmitting ? t("saving") : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {tc("cancel")}
          </Button>
        )}
      </div>
      {events.length === 0 && <p className="text-xs text-slate-500">{t("chooseEvent")}</p>}
    </form>
  );
}
