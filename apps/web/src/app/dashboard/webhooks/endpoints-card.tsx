"use client";

import { formatUtc } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Badge, EmptyState, QueryState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { EndpointForm } from "./endpoint-form";
import { useProjectName } from "./project-name";
import { SecretOnce } from "./secret-once";

/** The account's endpoints: generations created without a webHook send their events here. */
export function EndpointsCard() {
  const t = useTranslations("webhooks");
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const list = useQuery(trpc.webhooks.endpoints.queryOptions());
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: true }));
  const projectName = useProjectName(projects.data);
  const pausedCount = list.data?.filter((e) => e.pausedAt).length ?? 0;
  const create = useMutation(
    trpc.webhooks.createEndpoint.mutationOptions({
      onSuccess: async (res) => {
        setCreated({ id: res.endpoint.id, secret: res.secret });
        setAdding(false);
        await qc.invalidateQueries({ queryKey: trpc.webhooks.endpoints.queryKey() });
      },
    }),
  );

  return (
    <Card
      title={t("endpoints")}
      description={t("endpointsHint")}
      actions={
        !adding && (
          <Button type="button" onClick={() => setAdding(true)}>
            {t("addEndpoint")}
          </Button>
        )
      }
    >
      {pausedCount > 0 && (
        <p
          role="alert"
          className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="endpoints-paused"
        >
          {t("pausedNotice", { count: pausedCount })}
        </p>
      )}
      {created && <SecretOnce secret={created.secret} />}
      {adding && (
        <div className="mb-4 rounded-md border border-slate-200 p-3">
          <EndpointForm
            submitLabel={t("addEndpoint")}
            onSubmit={(values) => create.mutateAsync(values)}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}
      <QueryState
        query={list}
        loading={t("loadingEndpoints")}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title={t("noEndpoints")}>{t("noEndpointsHint")}</EmptyState>}
      >
        {(data) => (
          <ul className="mt-3 divide-y divide-slate-100" aria-label={t("endpointsLabel")}>
            {data.map((e) => (
              <li key={e.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="webhook-endpoint">
                <div className="min-w-0 space-y-0.5">
                  <p className="break-all font-mono text-sm text-slate-900">{e.url}</p>
                  {e.description && <p className="text-sm text-slate-600">{e.description}</p>}
                  <p className="text-xs text-slate-500">
                    <span className="font-mono">{e.id}</span> · {e.events.join(", ")}
                  </p>
                  <p className="text-xs text-slate-600" data-testid="endpoint-project">
                    {t("endpointProject")}: {projectName(e.projectId)}
                  </p>
                  {e.pausedAt && (
                    <p className="text-xs text-amber-800">
                      {t("pausedShort", { since: formatUtc(e.pausedAt), probeAt: e.probeAt ? formatUtc(e.probeAt) : "—" })}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={e.pausedAt ? "amber" : e.enabled ? "green" : "gray"}>
                    {e.pausedAt ? t("paused") : e.enabled ? t("enabled") : t("disabled")}
                  </Badge>
                  <Link
                    href={`/dashboard/webhooks/endpoints/${e.id}`}
                    className="text-sm font-medium text-slate-900 underline"
                    aria-label={t("manageLabel", { url: e.url })}
                  >
                    {t("manage")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
