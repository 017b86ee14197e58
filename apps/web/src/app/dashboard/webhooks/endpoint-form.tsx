"use client";

import { ENDPOINT_EVENTS, MAX_ENDPOINT_DESCRIPTION_CHARS, type EndpointEvent } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

export interface EndpointFormValues {
  url: string;
  description: string;
  events: EndpointEvent[];
}

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

/** URL, description and subscribed events of an endpoint; used to add one and to edit one. */
export function EndpointForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: EndpointFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: EndpointFormValues) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("webhooks");
  const tc = useTranslations("common");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [events, setEvents] = useState<EndpointEvent[]>(initial?.events ?? TERMINAL);

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit({ url: url.trim(), description, events: ENDPOINT_EVENTS.filter((ev) => events.includes(ev)) });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={submitLabel}>
      <TextField
        label={t("endpointUrl")}
        type="url"
        required
        maxLength={2048}
        placeholder="https://example.com/hooks/vgen"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint={t("endpointUrlHint")}
      />
      <TextField
        label={t("endpointDescription")}
        maxLength={MAX_ENDPOINT_DESCRIPTION_CHARS}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        hint={t("endpointDescriptionHint")}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("events")}</legend>
        {ENDPOINT_EVENTS.map((ev) => (
          <label key={ev} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={events.includes(ev)}
              onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, ev] : cur.filter((x) => x !== ev)))}
            />
            <span className="min-w-0">
              <span className="font-mono break-all">{ev}</span> <span className="text-slate-500">— {t(EVENT_HINTS[ev])}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || events.length === 0}>
          {busy ? t("saving") : submitLabel}
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
