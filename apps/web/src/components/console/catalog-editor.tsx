"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { formatDollarsInput, formatUnitPrice } from "@vgen/contracts";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { Badge, QueryState } from "@/components/ui/states";
import { UpdateCatalogInput } from "@/server/routers/support/updateCatalog.schema";
import { useTRPC } from "@/trpc/client";

type UpdateCatalog = z.output<typeof UpdateCatalogInput>;

interface Model {
  id: string;
  purpose: string;
  purposeRu: string;
  priceMicrosPerSecond: bigint;
  rateLimitQps: number;
  minChargeSeconds: number;
  enabled: boolean;
  sizes: string[];
  minDuration: number;
  maxDuration: number;
  defaultDuration: number;
  supportsAudio: boolean;
  audioDefault: boolean;
  audioPriceMicros: bigint | null;
  maxOutputs: number;
}

export function CatalogEditor({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.support.catalog.queryOptions());
  return (
    <>
      <PageHeader
        title="Catalog"
        description={
          canEdit
            ? "Prices, limits and availability of each model. Changes apply to new generations at once and are audited."
            : "Only admins can edit the catalog."
        }
      />
      <QueryState query={list}>
        {(data) => (
          <div className="grid gap-6 xl:grid-cols-2">
            {data.map((m) => (
              <ModelCard
                key={`${m.id}-${m.priceMicrosPerSecond}-${m.rateLimitQps}-${m.minChargeSeconds}-${m.enabled}-${m.purpose}-${m.purposeRu}-${m.sizes.join()}-${m.minDuration}-${m.maxDuration}-${m.defaultDuration}-${m.supportsAudio}-${m.audioDefault}-${m.audioPriceMicros}-${m.maxOutputs}`}
                model={m}
                canEdit={canEdit}
              />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

/** A comma-separated list of sizes as typed; the field shows the saved ones until it is edited. */
const sizesOf = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((size) => size.trim())
        .filter(Boolean)
    : value;

function ModelCard({ model, canEdit }: { model: Model; canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const id = model.id;
  const form = useSchemaForm(UpdateCatalogInput, {
    defaultValues: {
      modelId: id,
      price: formatDollarsInput(model.priceMicrosPerSecond),
      rateLimitQps: model.rateLimitQps,
      minChargeSeconds: model.minChargeSeconds,
      enabled: model.enabled,
      purpose: model.purpose,
      purposeRu: model.purposeRu,
      sizes: model.sizes,
      minDuration: model.minDuration,
      maxDuration: model.maxDuration,
      defaultDuration: model.defaultDuration,
      supportsAudio: model.supportsAudio,
      audioDefault: model.audioDefault,
      maxOutputs: model.maxOutputs,
      audioPrice: model.audioPriceMicros === null ? "" : formatDollarsInput(model.audioPriceMicros),
    },
  });
  const { errors } = form.formState;
  const showServerErrors = useServerErrors(form);
  // The checked change waits for the confirmation.
  const [confirming, setConfirming] = useState<UpdateCatalog | null>(null);
  const save = useMutation(trpc.support.updateCatalog.mutationOptions());
  const number = { valueAsNumber: true } as const;
  const sizesError = errors.sizes?.message ?? (Array.isArray(errors.sizes) ? errors.sizes.find(Boolean)?.message : undefined);

  return (
    <Card
      title={<span className="font-mono">{id}</span>}
      description={
        <>
          {formatUnitPrice(model.priceMicrosPerSecond)} · {model.rateLimitQps} QPS ·{" "}
          {model.enabled ? <Badge tone="green">enabled</Badge> : <Badge tone="gray">disabled</Badge>}
        </>
      }
    >
      <form
        aria-label={`Edit ${id}`}
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit((checked) => setConfirming(checked))}
      >
        <fieldset disabled={!canEdit} className="contents">
          <TextField
            id={`${id}-price`}
            label="Price per second (USD)"
            inputMode="decimal"
            error={errors.price?.message}
            {...form.register("price")}
          />
          <TextField
            id={`${id}-qps`}
            label="Rate limit (QPS)"
            inputMode="numeric"
            error={errors.rateLimitQps?.message}
            {...form.register("rateLimitQps", number)}
          />
          <TextField
            id={`${id}-min-charge`}
            label="Minimum charge (seconds)"
            inputMode="numeric"
            error={errors.minChargeSeconds?.message}
            {...form.register("minChargeSeconds", number)}
          />
          <TextField
            id={`${id}-sizes`}
            label="Sizes"
            hint="Comma separated, e.g. 720p, 1080p"
            error={sizesError}
            {...form.register("sizes", { setValueAs: sizesOf })}
          />
          <TextField
            id={`${id}-min-d`}
            label="Min duration (s)"
            inputMode="numeric"
            error={errors.minDuration?.message}
            {...form.register("minDuration", number)}
          />
          <TextField
            id={`${id}-max-d`}
            label="Max duration (s)"
            inputMode="numeric"
            error={errors.maxDuration?.message}
            {...form.register("maxDuration", number)}
          />
          <TextField
            id={`${id}-def-d`}
            label="Default duration (s)"
            inputMode="numeric"
            error={errors.defaultDuration?.message}
            {...form.register("defaultDuration", number)}
          />
          <TextField
            id={`${id}-max-outputs`}
            label="Clips per request (n, at most)"
            inputMode="numeric"
            error={errors.maxOutputs?.message}
            {...form.register("maxOutputs", number)}
          />
          <TextField
            id={`${id}-audio-price`}
            label="Price per second with sound (USD)"
            hint="Empty: the same as the price"
            inputMode="decimal"
            error={errors.audioPrice?.message}
            {...form.register("audioPrice")}
          />
          <div className="flex flex-col gap-2 pt-6">
            <div className="flex items-center gap-2">
              <input id={`${id}-audio`} type="checkbox" className="h-4 w-4" {...form.register("supportsAudio")} />
              <label htmlFor={`${id}-audio`} className="text-sm font-medium text-slate-800">
                Makes sound (accepts generateAudio)
              </label>
            </div>
            <div className="flex items-center gap-2">
              <input id={`${id}-audio-default`} type="checkbox" className="h-4 w-4" {...form.register("audioDefault")} />
              <label htmlFor={`${id}-audio-default`} className="text-sm font-medium text-slate-800">
                Sound by default (a request without generateAudio)
              </label>
            </div>
          </div>
          <div className="flex items-center gap-2 pt-6">
            <input id={`${id}-enabled`} type="checkbox" className="h-4 w-4" {...form.register("enabled")} />
            <label htmlFor={`${id}-enabled`} className="text-sm font-medium text-slate-800">
              Enabled (listed and accepted by the API)
            </label>
          </div>
          <div className="sm:col-span-2">
            <TextField
              id={`${id}-purpose`}
              label="Purpose (English; the API's purpose)"
              error={errors.purpose?.message}
              {...form.register("purpose")}
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              id={`${id}-purpose-ru`}
              label="Purpose in Russian (shown to Russian-language visitors)"
              lang="ru"
              error={errors.purposeRu?.message}
              {...form.register("purposeRu")}
            />
          </div>
          {errors.root?.server && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
              {errors.root.server.message}
            </p>
          )}
          {canEdit && (
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit">Save changes</Button>
              <Button type="button" variant="secondary" onClick={() => form.reset()}>
                Reset
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`Update ${id}?`}
        confirmLabel="Save"
        variant="primary"
        busy={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          save.mutateAsync(confirming).then(
            () => {
              setConfirming(null);
              return qc.invalidateQueries({ queryKey: trpc.support.catalog.queryKey() });
            },
            (error) => {
              setConfirming(null);
              showServerErrors(error);
            },
          );
        }}
      >
        New generations use the new settings at once; running ones keep the price they were accepted at. The change is written to
        the audit log.
      </ConfirmDialog>
    </Card>
  );
}
