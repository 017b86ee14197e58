"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDollarsInput, formatUnitPrice } from "@vgen/contracts";
import type { StaffRoute } from "@vgen/engine/support";
import { StaffAction } from "@/components/console/action-dialog";
import { when } from "@/components/console/format";
import { DataTable } from "@/components/ui/data-table";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, ErrorNote, FormError, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const LOCAL = "local";
const DOLLARS_RE = /^\$?\d{1,7}(\.\d{1,6})?$/;
const OPTIONAL_REASON = { label: "Reason (optional)", hint: "Kept in the audit log.", min: 0 };

interface RouteDraft {
  provider: string;
  upstreamModel: string;
  credentials: string;
  maxConcurrency: string;
  cost: string;
  position: string;
}

const draftOf = (r: StaffRoute): RouteDraft => ({
  provider: r.provider,
  upstreamModel: r.upstreamModel ?? "",
  credentials: r.credentials ?? "",
  maxConcurrency: String(r.maxConcurrency),
  cost: formatDollarsInput(r.costMicrosPerSecond),
  position: String(r.position),
});

/** The draft's problem in words, or null; the server checks again (providers, names, limits). */
function draftError(d: RouteDraft, positionRequired: boolean): string | null {
  if (d.provider !== LOCAL && !d.upstreamModel.trim()) return "Give the upstream's model id.";
  if (d.provider !== LOCAL && !d.credentials.trim()) return "Name the credentials (UPSTREAM_<NAME>_* variables).";
  if (!/^\d+$/.test(d.maxConcurrency.trim())) return "Max concurrency must be a whole number.";
  if (!DOLLARS_RE.test(d.cost.trim())) return "Enter the cost in dollars per second, e.g. 0.04.";
  if ((positionRequired || d.position.trim()) && !/^\d+$/.test(d.position.trim())) return "The position must be a whole number.";
  return null;
}

/** The draft as the procedures take it. */
function fieldsOf(d: RouteDraft) {
  const local = d.provider === LOCAL;
  return {
    provider: d.provider,
    upstreamModel: local ? null : d.upstreamModel.trim(),
    credentials: local ? null : d.credentials.trim(),
    maxConcurrency: Number(d.maxConcurrency.trim()),
    cost: d.cost.trim(),
    ...(d.position.trim() ? { position: Number(d.position.trim()) } : {}),
  };
}

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
  const [draft, setDraft] = useState<RouteDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.support.updateRoute.mutationOptions({
      onSuccess: async () => {
        setDraft(null);
        await onDone();
      },
      onError: (e) => setError(e.message),
    }),
  );
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          setError(null);
          setDraft(draftOf(route));
        }}
      >
        Edit<span className="sr-only"> {label}</span>
      </Button>
      <ConfirmDialog
        open={draft !== null}
        title={`Edit ${label}`}
        confirmLabel="Save"
        variant="primary"
        busy={save.isPending}
        onCancel={() => setDraft(null)}
        onConfirm={() => {
          if (!draft) return;
          const problem = draftError(draft, true);
          if (problem) return setError(problem);
          setError(null);
          save.mutate({ routeId: route.id, ...fieldsOf(draft) });
        }}
      >
        {draft && (
          <div className="space-y-3">
            <RouteFields idPrefix={`edit-${route.id}`} draft={draft} providers={providers} onChange={setDraft} />
            <TextField
              id={`edit-${route.id}-position`}
              label="Position"
              hint="Lower is tried first."
              inputMode="numeric"
              value={draft.position}
              onChange={(e) => setDraft({ ...draft, position: e.target.value })}
            />
            {error && <FormError>{error}</FormError>}
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}

const EMPTY_DRAFT: RouteDraft = {
  provider: "veo",
  upstreamModel: "",
  credentials: "",
  maxConcurrency: "10",
  cost: "0",
  position: "",
};

function AddRoute({ modelId, providers, onDone }: { modelId: string; providers: string[]; onDone: () => Promise<void> }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<RouteDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(
    trpc.support.addRoute.mutationOptions({
      onSuccess: async () => {
        setDraft(EMPTY_DRAFT);
        await onDone();
      },
      onError: (e) => setError(e.message),
    }),
  );
  return (
    <details className="mt-4 rounded-lg border border-slate-200 px-4 py-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-900">Add a route to {modelId}</summary>
      <form
        aria-label={`Add a route to ${modelId}`}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = draftError(draft, false);
          if (problem) return setError(problem);
          setError(null);
          add.mutate({ modelId, ...fieldsOf(draft) });
        }}
      >
        <RouteFields idPrefix={`add-${modelId}`} draft={draft} providers={providers} onChange={setDraft} />
        <TextField
          id={`add-${modelId}-position`}
          label="Position (optional)"
          hint="Empty: after the other upstream routes, before the local renderer."
          inputMode="numeric"
          value={draft.position}
          onChange={(e) => setDraft({ ...draft, position: e.target.value })}
        />
        {error && (
          <div className="sm:col-span-2">
            <FormError>{error}</FormError>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add route"}
          </Button>
        </div>
      </form>
    </details>
  );
}

function RouteFields({
  idPrefix,
  draft,
  providers,
  onChange,
}: {
  idPrefix: string;
  draft: RouteDraft;
  providers: string[];
  onChange: (d: RouteDraft) => void;
}) {
  const local = draft.provider === LOCAL;
  const prefix = `UPSTREAM_${(draft.credentials.trim() || "<NAME>").toUpperCase().replace(/[^A-Z0-9<>]/g, "_")}_`;
  return (
    <>
      <SelectField
        id={`${idPrefix}-provider`}
        label="Provider"
        value={draft.provider}
        onChange={(e) => onChange({ ...draft, provider: e.target.value })}
      >
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
        disabled={local}
        value={local ? "" : draft.upstreamModel}
        onChange={(e) => onChange({ ...draft, upstreamModel: e.target.value })}
      />
      <TextField
        id={`${idPrefix}-credentials`}
        label="Credentials name"
        hint={local ? "The local renderer needs none." : `Reads ${prefix}URL, ${prefix}API_KEY and ${prefix}WEBHOOK_SECRET.`}
        disabled={local}
        value={local ? "" : draft.credentials}
        onChange={(e) => onChange({ ...draft, credentials: e.target.value })}
      />
      <TextField
        id={`${idPrefix}-concurrency`}
        label="Max concurrency"
        hint="Jobs it may run at once."
        inputMode="numeric"
        value={draft.maxConcurrency}
        onChange={(e) => onChange({ ...draft, maxConcurrency: e.target.value })}
      />
      <TextField
        id={`${idPrefix}-cost`}
        label="Upstream cost per second (USD)"
        hint="What the provider charges per delivered second."
        inputMode="decimal"
        value={draft.cost}
        onChange={(e) => onChange({ ...draft, cost: e.target.value })}
      />
    </>
  );
}
