"use client";

import { formatDollarsInput } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { TextAreaField, TextField } from "@/components/ui/field";
import type { KeyRestrictionFields } from "@/components/keys/key-restrictions-summary";

/** The restriction fields as typed; empty text lifts a restriction. */
export interface RestrictionsDraft {
  models: string[];
  readOnly: boolean;
  /** `datetime-local` value, read as UTC. */
  expiresAt: string;
  cap: string;
  sources: string;
}

export const NO_RESTRICTIONS: RestrictionsDraft = { models: [], readOnly: false, expiresAt: "", cap: "", sources: "" };

/** What the apiKeys.create and apiKeys.restrict procedures take. */
export function restrictionsInput(d: RestrictionsDraft) {
  return {
    allowedModels: d.models,
    readOnly: d.readOnly,
    expiresAt: d.expiresAt.trim() || null,
    monthlySpendCap: d.cap.trim() || null,
    allowedSources: d.sources.split(/[\s,]+/).filter(Boolean),
  };
}

/** A key's stored restrictions as the form shows them. */
export function draftOf(k: KeyRestrictionFields): RestrictionsDraft {
  const cap = k.monthlySpendCapMicros;
  return {
    models: k.allowedModels,
    readOnly: k.readOnly,
    expiresAt: k.expiresAt ? new Date(k.expiresAt).toISOString().slice(0, 16) : "",
    cap: cap === null ? "" : formatDollarsInput(cap),
    sources: k.allowedSources.join("\n"),
  };
}

/** The restriction inputs, shared by the issue form and the edit dialog. */
export function RestrictionsFields({
  draft,
  onChange,
  models,
}: {
  draft: RestrictionsDraft;
  onChange: (d: RestrictionsDraft) => void;
  models: { id: string }[];
}) {
  const t = useTranslations("keyRestrictions");
  const readOnlyId = useId();
  const set = (patch: Partial<RestrictionsDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("modelsLegend")}</legend>
        <p className="text-xs text-slate-500">{t("modelsHint")}</p>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {models.map((m) => (
            <label key={m.id} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={draft.models.includes(m.id)}
                onChange={(e) =>
                  set({ models: e.target.checked ? [...draft.models, m.id] : draft.models.filter((x) => x !== m.id) })
                }
              />
              <span className="font-mono text-xs">{m.id}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-start gap-2">
        <input
          id={readOnlyId}
          type="checkbox"
          className="mt-1"
          checked={draft.readOnly}
          onChange={(e) => set({ readOnly: e.target.checked })}
        />
        <label htmlFor={readOnlyId} className="text-sm text-slate-800">
          {t.rich("readOnlyLabel", { muted: (chunks) => <span className="text-slate-500">{chunks}</span> })}
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("expiresLabel")}
          type="datetime-local"
          name="expiresAt"
          value={draft.expiresAt}
          hint={t("expiresHint")}
          onChange={(e) => set({ expiresAt: e.target.value })}
        />
        <TextField
          label={t("capLabel")}
          name="cap"
          inputMode="decimal"
          placeholder="50.00"
          autoComplete="off"
          value={draft.cap}
          hint={t("capHint")}
          onChange={(e) => set({ cap: e.target.value })}
        />
      </div>
      <TextAreaField
        label={t("sourcesLabel")}
        name="sources"
        rows={2}
        placeholder={"203.0.113.7\n2001:db8::/32"}
        value={draft.sources}
        hint={t("sourcesHint")}
        onChange={(e) => set({ sources: e.target.value })}
      />
    </div>
  );
}
