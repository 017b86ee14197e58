"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { formatDollarsInput, formatUnitPrice } from "@vgen/contracts";
import type { StaffRoute } from "@vgen/engine/support";
import { StaffAction } from "@/components/console/action-dialog";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { when } from "@/components/console/format";
import { DataTable } from "@/components/ui/data-table";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, ErrorNote, FormError, QueryState } from "@/components/ui/states";
import { AddRouteInput } from "@/server/routers/support/addRoute.schema";
import { UpdateRouteInput } from "@/server/routers/support/updateRoute.schema";
import { useTRPC } from "@/trpc/client";

const LOCAL = "local";
const OPTIONAL_REASON = { label: "Reason (optional)", hint: "Kept in the audit log.", min: 0 };
/** A whole number as typed, or undefined for an empty field (an optional position). */
const optionalInt = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** A route's own fields as the add and edit forms register them. */
type RouteFieldName = "provider" | "upstreamModel" | "credentials" | "maxConcurrency" | "cost";

export function RoutesEditor({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.support.routes.queryOptions());
  return (
    <>
      <PageHeader
        title="Routes"
        description={
          <>
            How each model is served: its routes are tried in order, and a job takes the first enabled, configured route whose
            breaker is closed and that has a free slot.{" "}
            {canEdit ? "Changes apply to the next job and are audited." : "Only admins can edit routes."}
          </>
        }
      />
      <QueryState query={list}>
        {(data) => (
          <div className="space-y-6">
            {data.models.map((m) => (
              <ModelRoutes key={m.id} model={m} providers={data.providers} canEdit={canEdit} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

function ModelRoutes({
  model,
  providers,
  canEdit,
}: {
  model: { id: string; enabled: boolean; routes: StaffRoute[] };
  providers: string[];
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.support.routes.queryKey() });
  const reorder = useMutation(trpc.support.reorderRoutes.mutationOptions({ onSuccess: refresh }));
  const ids = model.routes.map((r) => r.id);
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(from, 1);
    if (id) next.splice(to, 0, id);
    reorder.mutate({ modelId: model.id, routeIds: next });
  };
  return (
    <Card
      title={<span className="font-mono">{model.id}</span>}
      description={
        <>
          {model.routes.length} route{model.routes.length === 1 ? "" : "s"}
          {!model.enabled && (
            <>
              {" "}
              · <Badge tone="gray">model disabled in the catalog</Badge>
            </>
          )}
        </>
      }
    >
      <DataTable
        label={`Routes of ${model.id}, in the order they are tried`}
        testId={`routes-${model.id}`}
        minWidth="min-w-[36rem]"
        rows={model.routes.map((route, i) => ({ route, position: i + 1 }))}
        rowKey={(r) => r.route.id}
        rowAttributes={(r) => ({ "data-testid": `route-${r.route.id}` })}
        columns={[
          { id: "position", header: "#", rowHeader: true, cell: (r) => r.position },
          {
            id: "provider",
            header: "Provider",
            cell: ({ route: r }) => (
              <>
                <span className="font-medium">{r.provider}</span> {!r.enabled && <Badge tone="gray">disabled</Badge>}
                <div className="font-mono text-xs text-slate-500">{r.id}</div>
              </>
            ),
          },
          {
            id: "upstreamModel",
            header: "Upstream model",
            className: "font-mono text-xs",
            cell: (r) => r.route.upstreamModel ?? "—",
          },
          {
            id: "credentials",
            header: "Credentials",
            cell: ({ route: r }) =>
              r.provider === LOCAL ? (
                "—"
              ) : (
                <>
                  <span className="font-mono text-xs">{r.credentials}</span>{" "}
                  {r.configured ? <Badge tone="green">configured</Badge> : <Badge tone="amber">not configured</Badge>}
                  {r.envPrefix && <div className="font-mono text-xs text-slate-500">{r.envPrefix}URL</div>}
                </>
              ),
          },
          {
            id: "busy",
            header: "Busy / limit",
            numeric: true,
            className: "whitespace-nowrap",
            cell: ({ route: r }) => `${r.busy} / ${r.maxConcurrency}`,
          },
          { id: "cost", header: "Cost", numeric: true, cell: (r) => formatUnitPrice(r.route.costMicrosPerSecond) },
          { id: "breaker", header: "Breaker", cell: (r) => <BreakerBadge route={r.route} /> },
          {
            id: "lastError",
            header: "Last error",
            className: "max-w-xs text-xs",
            cell: ({ route: r }) =>
              r.lastError ? (
                <>
                  <span className="break-words">{r.lastError}</span>
                  <div className="text-slate-500">{when(r.lastErrorAt)}</div>
                </>
              ) : (
                "—"
              ),
          },
          ...(canEdit
            ? [
                {
                  id: "actions",
                  header: "Actions",
                  cell: ({ route: r, position }: { route: StaffRoute; position: number }) => (
                    <div className="flex min-w-[15rem] flex-wrap gap-1.5">
                      <Button
                        type="button"
                        variant="ghost"
                        disabled={position === 1 || reorder.isPending}
                        onClick={() => move(position - 1, position - 2)}
                      >
                        Up<span className="sr-only"> (route {position})</span>
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        disabled={position === model.routes.length || reorder.isPending}
                        onClick={() => move(position - 1, position)}
                      >
                        Down<span className="sr-only"> (route {position})</span>
                      </Button>
                      <RouteActions route={r} position={position} providers={providers} onDone={refresh} />
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
      {reorder.error && <ErrorNote error={reorder.error} />}
      {canEdit && <AddRoute modelId={model.id} providers={providers} onDone={refresh} />}
    </Card>
  );
}

function BreakerBadge({ route }: { route: StaffRoute }) {
  const failures =
    route.consecutiveFailures > 0 ? (
      <div className="text-xs text-slate-500">
        {route.consecutiveFailures} failure{route.consecutiveFailures === 1 ? "" : "s"} in a row
      </div>
    ) : null;
  if (route.breakerState === "closed")
    return (
      <>
        <Badge tone="green">closed</Badge>
        {failures}
      </>
    );
  return (
    <>
      <Badge tone={route.breakerState === "open" ? "red" : "amber"}>{route.breakerState === "open" ? "open" : "half-open"}</Badge>
      {failures}
      <div className="text-xs text-slate-500">
        {route.probeDue
          ? "next job probes it"
          : route.breakerState === "open"
            ? `probe after ${when(route.breakerRetryAt)}`
            : "probing"}
      </div>
    </>
  );
}

function RouteActions({
  route,
  position,
  providers,
  onDone,
}: {
  route: StaffRoute;
  position: number;
  providers: string[];
  onDone: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const update = useMutation(trpc.support.updateRoute.mutationOptions());
  const remove = useMutation(trpc.support.removeRoute.mutationOptions());
  const reset = useMutation(trpc.support.resetRouteBreaker.mutationOptions());
  const label = `route ${position} (${route.provider})`;
  return (
    <>
      <EditRoute route={route} label={label} providers={providers} onDone={onDone} />
      <StaffAction
        label={route.enabled ? "Disable" : "Enable"}
        title={`${route.enabled ? "Disable" : "Enable"} ${label}?`}
        description={
          route.enabled
            ? "New jobs skip it; jobs already on it finish there."
            : "New jobs may take it again, in its place in the order."
        }
        confirmLabel={route.enabled ? "Disable" : "Enable"}
        variant={route.enabled ? "danger" : "primary"}
        buttonVariant="ghost"
        text={OPTIONAL_REASON}
        onSubmit={async ({ text }) => {
          await update.mutateAsync({ routeId: route.id, enabled: !route.enabled, reason: text || undefined });
          await onDone();
        }}
      />
      {(route.breakerState !== "closed" || route.consecutiveFailures > 0) && (
        <StaffAction
          label="Reset breaker"
          title={`Reset the breaker of ${label}?`}
          description="Closes the breaker and forgets its failures in a row: the next job may take the route at once."
          confirmLabel="Reset"
          buttonVariant="ghost"
          text={OPTIONAL_REASON}
          onSubmit={async ({ text }) => {
            await reset.mutateAsync({ routeId: route.id, reason: text || undefined });
            await onDone();
          }}
        />
      )}
      <StaffAction
        label="Remove"
        title={`Remove ${label}?`}
        description="Refused while generations are processing on it. Removing also deletes its attempt history (and so its statistics): disabling is usually better."
        confirmLabel="Remove"
        variant="danger"
        buttonVariant="ghost"
        text={OPTIONAL_REASON}
        onSubmit={async ({ text }) => {
          await remove.mutateAsync({ routeId: route.id, reason: text || undefined });
          await onDone();
        }}
      />
    </>
  );
}

function EditRoute({
  route,
  label,
  providers,
  onDone,
}: {
  route: StaffRoute;
  label: string;
  providers: string[];
  onDone: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(UpdateRouteInput);
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const update = useMutation(trpc.support.updateRoute.mutationOptions());
  const save = form.handleSubmit(async (input) => {
    const saved = await update.mutateAsync(input).catch(showServerErrors);
    if (!saved) return;
    setOpen(false);
    await onDone();
  });
  const local = form.watch("provider") === LOCAL;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          form.reset({
            routeId: route.id,
            provider: route.provider,
            upstreamModel: route.upstreamModel ?? "",
            credentials: route.credentials ?? "",
            maxConcurrency: route.maxConcurrency,
            cost: formatDollarsInput(route.costMicrosPerSecond),
            position: route.position,
          });
          setOpen(true);
        }}
      >
        Edit<span className="sr-only"> {label}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={`Edit ${label}`}
        confirmLabel="Save"
        variant="primary"
        busy={isSubmitting}
        onCancel={() => setOpen(false)}
        onConfirm={() => void save()}
      >
        <div className="space-y-3">
          <RouteFields
            idPrefix={`edit-${route.id}`}
            providers={providers}
            local={local}
            credentials={form.watch("credentials") ?? ""}
            fields={{
              provider: form.register("provider"),
              upstreamModel: form.register("upstreamModel", { disabled: local }),
              credentials: form.register("credentials", { disabled: local }),
              maxConcurrency: form.register("maxConcurrency", { valueAsNumber: true }),
              cost: form.register("cost"),
            }}
            errors={errors}
          />
          <TextField
            id={`edit-${route.id}-position`}
            label="Position"
            hint="Lower is tried first."
            inputMode="numeric"
            error={errors.position?.message}
            {...form.register("position", { valueAsNumber: true })}
          />
          {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
        </div>
      </ConfirmDialog>
    </>
  );
}

const NEW_ROUTE = { provider: "veo", upstreamModel: "", credentials: "", maxConcurrency: 10, cost: "0" };

function AddRoute({ modelId, providers, onDone }: { modelId: string; providers: string[]; onDone: () => Promise<void> }) {
  const trpc = useTRPC();
  const form = useSchemaForm(AddRouteInput, { defaultValues: { modelId, ...NEW_ROUTE } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const add = useMutation(trpc.support.addRoute.mutationOptions());
  const onSubmit = form.handleSubmit(async (input) => {
    const added = await add.mutateAsync(input).catch(showServerErrors);
    if (!added) return;
    form.reset();
    await onDone();
  });
  const local = form.watch("provider") === LOCAL;
  return (
    <details className="mt-4 rounded-lg border border-slate-200 px-4 py-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-900">Add a route to {modelId}</summary>
      <form aria-label={`Add a route to ${modelId}`} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate onSubmit={onSubmit}>
        <RouteFields
          idPrefix={`add-${modelId}`}
          providers={providers}
          local={local}
          credentials={form.watch("credentials") ?? ""}
          fields={{
            provider: form.register("provider"),
            upstreamModel: form.register("upstreamModel", { disabled: local }),
            credentials: form.register("credentials", { disabled: local }),
            maxConcurrency: form.register("maxConcurrency", { valueAsNumber: true }),
            cost: form.register("cost"),
          }}
          errors={errors}
        />
        <TextField
          id={`add-${modelId}-position`}
          label="Position (optional)"
          hint="Empty: after the other upstream routes, before the local renderer."
          inputMode="numeric"
          error={errors.position?.message}
          {...form.register("position", { setValueAs: optionalInt })}
        />
        {errors.root?.server && (
          <div className="sm:col-span-2">
            <FormError>{errors.root.server.message}</FormError>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Adding…" : "Add route"}
          </Button>
        </div>
      </form>
    </details>
  );
}

/** The fields an added and an edited route share; the engine checks them against the providers it knows. */
function RouteFields({
  idPrefix,
  providers,
  local,
  credentials,
  fields,
  errors,
}: {
  idPrefix: string;
  providers: string[];
  local: boolean;
  credentials: string;
  fields: Record<RouteFieldName, UseFormRegisterReturn>;
  errors: Partial<Record<RouteFieldName, { message?: string }>>;
}) {
  const prefix = `UPSTREAM_${(credentials.trim() || "<NAME>").toUpperCase().replace(/[^A-Z0-9<>]/g, "_")}_`;
  return (
    <>
      <SelectField id={`${idPrefix}-provider`} label="Provider" error={errors.provider?.message} {...fields.provider}>
        {providers.map((p) => (
          <option key={p} value={p}>
            {p === LOCAL ? "local (embedded renderer)" : p}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idPrefix}-upstream-model`}
        label="Upstream model"
        hint={local ? "The local renderer needs none." : "The provider's model id, e.g. veo-3.1-generate-preview."}
        error={errors.upstreamModel?.message}
        {...fields.upstreamModel}
      />
      <TextField
        id={`${idPrefix}-credentials`}
        label="Credentials name"
        hint={local ? "The local renderer needs none." : `Reads ${prefix}URL, ${prefix}API_KEY and ${prefix}WEBHOOK_SECRET.`}
        error={errors.credentials?.message}
        {...fields.credentials}
      />
      <TextField
        id={`${idPrefix}-concurrency`}
        label="Max concurrency"
        hint="Jobs it may run at once."
        inputMode="numeric"
        error={errors.maxConcurrency?.message}
        {...fields.maxConcurrency}
      />
      <TextField
        id={`${idPrefix}-cost`}
        label="Upstream cost per second (USD)"
        hint="What the provider charges per delivered second."
        inputMode="decimal"
        error={errors.cost?.message}
        {...fields.cost}
      />
    </>
  );
}
