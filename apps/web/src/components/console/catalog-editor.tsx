"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDollarsInput, formatUnitPrice } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { Badge, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

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
                key={`${m.id}-${m.priceMicrosPerSecond}-${m.rateLimitQps}-${m.minChargeSeconds}-${m.enabled}-${m.purpose}-${m.purposeRu}-${m.sizes.join()}-${m.minDuration}-${m.maxDuration}-${m.defaultDuration}`}
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

function ModelCard({ model, canEdit }: { model: Model; canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const initial = {
    price: formatDollarsInput(model.priceMicrosPerSecond),
    qps: String(model.rateLimitQps),
    minCharge: String(model.minChargeSeconds),
    enabled: model.enabled,
    purpose: model.purpose,
    purposeRu: model.purposeRu,
    sizes: model.sizes.join(", "),
    minDuration: String(model.minDuration),
    maxDuration: String(model.maxDuration),
    defaultDuration: String(model.defaultDuration),
  };
  const [f, setF] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.support.updateCatalog.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await qc.invalidateQueries({ queryKey: trpc.support.catalog.queryKey() });
      },
      onError: (e) => {
        setConfirming(false);
        setError(e.message);
      },
    }),
  );
  const int = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

  function submit() {
    setError(null);
    if (!/^\$?\d{1,7}(\.\d{1,6})?$/.test(f.price.trim())) return setError("Enter the price in dollars per second, e.g. 0.48.");
    for (const [label, v] of [
      ["QPS", f.qps],
      ["Minimum charge", f.minCharge],
      ["Minimum duration", f.minDuration],
      ["Maximum duration", f.maxDuration],
      ["Default duration", f.defaultDuration],
    ] as const) {
      if (Number.isNaN(int(v))) return setError(`${label} must be a whole number.`);
    }
    setConfirming(true);
  }

  const id = model.id;
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
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={!canEdit} className="contents">
          <TextField
            id={`${id}-price`}
            label="Price per second (USD)"
            inputMode="decimal"
            value={f.price}
            onChange={(e) => setF({ ...f, price: e.target.value })}
          />
          <TextField
            id={`${id}-qps`}
            label="Rate limit (QPS)"
            inputMode="numeric"
            value={f.qps}
            onChange={(e) => setF({ ...f, qps: e.target.value })}
          />
          <TextField
            id={`${id}-min-charge`}
            label="Minimum charge (seconds)"
            inputMode="numeric"
            value={f.minCharge}
            onChange={(e) => setF({ ...f, minCharge: e.target.value })}
          />
          <TextField
            id={`${id}-sizes`}
            label="Sizes"
            hint="Comma separated, e.g. 720p, 1080p"
            value={f.sizes}
            onChange={(e) => setF({ ...f, sizes: e.target.value })}
          />
          <TextField
            id={`${id}-min-d`}
            label="Min duration (s)"
            inputMode="numeric"
            value={f.minDuration}
            onChange={(e) => setF({ ...f, minDuration: e.target.value })}
          />
          <TextField
            id={`${id}-max-d`}
            label="Max duration (s)"
            inputMode="numeric"
            value={f.maxDuration}
            onChange={(e) => setF({ ...f, maxDuration: e.target.value })}
          />
          <TextField
            id={`${id}-def-d`}
            label="Default duration (s)"
            inputMode="numeric"
            value={f.defaultDuration}
            onChange={(e) => setF({ ...f, defaultDuration: e.target.value })}
          />
          <div className="flex items-center gap-2 pt-6">
            <input
              id={`${id}-enabled`}
              type="checkbox"
              className="h-4 w-4"
              checked={f.enabled}
              onChange={(e) => setF({ ...f, enabled: e.target.checked })}
            />
            <label htmlFor={`${id}-enabled`} className="text-sm font-medium text-slate-800">
              Enabled (listed and accepted by the API)
            </label>
          </div>
          <div className="sm:col-span-2">
            <TextField
              id={`${id}-purpose`}
              label="Purpose (English; the API's purpose)"
              value={f.purpose}
              onChange={(e) => setF({ ...f, purpose: e.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              id={`${id}-purpose-ru`}
              label="Purpose in Russian (shown to Russian-language visitors)"
              lang="ru"
              value={f.purposeRu}
              onChange={(e) => setF({ ...f, purposeRu: e.target.value })}
            />
          </div>
          {error && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
              {error}
            </p>
          )}
          {canEdit && (
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit">Save changes</Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setF(initial);
                  setError(null);
                }}
              >
                Reset
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Update ${id}?`}
        confirmLabel="Save"
        variant="primary"
        busy={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          save.mutate({
            modelId: id,
            price: f.price.trim(),
            rateLimitQps: int(f.qps),
            minChargeSeconds: int(f.minCharge),
            enabled: f.enabled,
            purpose: f.purpose.trim(),
            purposeRu: f.purposeRu.trim(),
            sizes: f.sizes
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
            minDuration: int(f.minDuration),
            maxDuration: int(f.maxDuration),
            defaultDuration: int(f.defaultDuration),
          })
        }
      >
        New generations use the new settings at once; running ones keep the price they were accepted at. The change is written to
        the audit log.
      </ConfirmDialog>
    </Card>
  );
}
