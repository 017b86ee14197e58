"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { ProjectFormInput } from "@/server/routers/projects/common.schema";

export type ProjectFormValues = z.output<typeof ProjectFormInput>;

export const EMPTY_PROJECT: ProjectFormValues = { name: "", monthlySpendCap: "", rateLimitShare: 100, allowedModels: [] };

/** What the create and updateLimits procedures take of the form's values. */
export function limitsOf(v: ProjectFormValues) {
  return { monthlySpendCap: v.monthlySpendCap || null, rateLimitShare: v.rateLimitShare, allowedModels: v.allowedModels };
}

/** A project's name and limits, for both the new-project and the edit dialog. */
export function ProjectForm({
  initial,
  models,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ProjectFormValues;
  models: { id: string }[];
  submitLabel: string;
  onSubmit: (values: ProjectFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useTranslations("projects");
  const tc = useTranslations("common");
  const form = useSchemaForm(ProjectFormInput, { defaultValues: initial });
  const showServerErrors = useServerErrors(form, { key_model_not_allowed: "allowedModels" });
  const chosen = form.watch("allowedModels");
  const submit = form.handleSubmit((values) => onSubmit(values).then(() => {}, showServerErrors));
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      <TextField label={t("name")} maxLength={80} autoComplete="off" error={errors.name?.message} {...form.register("name")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("cap")}
          inputMode="decimal"
          placeholder="100.00"
          autoComplete="off"
          hint={t("capHint")}
          error={errors.monthlySpendCap?.message}
          {...form.register("monthlySpendCap")}
        />
        <TextField
          label={t("share")}
          type="number"
          min={1}
          max={100}
          hint={t("shareHint")}
          error={errors.rateLimitShare?.message}
          {...form.register("rateLimitShare", { valueAsNumber: true })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("models")}</legend>
        <p className="text-xs text-slate-500">{t("modelsHint")}</p>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {models.map((m) => (
            <label key={m.id} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={chosen.includes(m.id)}
                onChange={(e) =>
                  form.setValue("allowedModels", e.target.checked ? [...chosen, m.id] : chosen.filter((x) => x !== m.id))
                }
              />
              <span className="font-mono text-xs">{m.id}</span>
            </label>
          ))}
        </div>
        {errors.allowedModels?.message && <p className="mt-1 text-sm text-red-700">{errors.allowedModels.message}</p>}
      </fieldset>
      {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
