"use client";

import { ENDPOINT_EVENTS, MAX_ENDPOINT_DESCRIPTION_CHARS, type EndpointEvent } from "@vgen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { CreateEndpointInput } from "@/server/routers/webhooks/createEndpoint.schema";
import { useTRPC } from "@/trpc/client";

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
 * URL, description, project and subscribed events of an endpoint; used to add one and to edit one.
 * Checked by the create procedure's schema; `onSubmit` is the mutation, whose refusals land under the
 * fields (a URL the SSRF policy refuses under the URL). The project is sent only when it changed: an
 * endpoint bound to a since-archived project keeps it through an edit of its other fields (the engine
 * refuses binding to an archived project).
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
  const tp = useTranslations("projects");
  const trpc = useTRPC();
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: true }));
  const initialProject = initial?.projectId ?? null;
  const choices = projects.data?.filter((p) => !p.archivedAt || p.id === initialProject) ?? [];
  const form = useSchemaForm(CreateEndpointInput, {
    defaultValues: {
      url: initial?.url ?? "",
      description: initial?.description ?? "",
      events: initial?.events ?? TERMINAL,
      projectId: initialProject,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const events = form.watch("events");

  const submit = form.handleSubmit((values) =>
    onSubmit({
      ...values,
      events: ENDPOINT_EVENTS.filter((ev) => values.events.includes(ev)),
      projectId: initial && (values.projectId ?? null) === initialProject ? undefined : (values.projectId ?? null),
    }).then(() => {}, showServerErrors),
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
      {/* Mounted once the list is in, so the select's options exist when react-hook-form sets its value. */}
      {projects.data && (
        <SelectField
          label={t("endpointProject")}
          hint={t("endpointProjectHint")}
          error={errors.projectId?.message}
          {...form.register("projectId", { setValueAs: (v: string | null) => v || null })}
        >
          <option value="">{tp("allProjects")}</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.archivedAt ? t("archivedProject", { name: p.name }) : p.name}
            </option>
          ))}
        </SelectField>
      )}
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
