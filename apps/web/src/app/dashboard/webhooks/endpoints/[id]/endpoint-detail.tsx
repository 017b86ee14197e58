"use client";

import { formatUtc } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EndpointEvent } from "@vgen/contracts";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { DeliveryLog } from "../../delivery-log";
import { EndpointForm } from "../../endpoint-form";
import { useProjectName } from "../../project-name";
import { SecretOnce } from "../../secret-once";

const TEST_RESULT: Record<string, "testDelivered" | "testRetry" | "testFailed" | "testSkipped" | "testDeferred" | "testPaused"> =
  {
    delivered: "testDelivered",
    retry_scheduled: "testRetry",
    failed: "testFailed",
    skipped: "testSkipped",
    deferred: "testDeferred",
    paused: "testPaused",
  };

/** One endpoint: edit, enable/disable, roll its secret, send a test event, delete; and its delivery log. */
export function EndpointDetail({ id }: { id: string }) {
  const t = useTranslations("webhooks");
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"roll" | "delete" | null>(null);
  const [testNote, setTestNote] = useState<string | null>(null);
  const endpoint = useQuery(trpc.webhooks.endpoint.queryOptions({ id }));
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: true }));
  const projectName = useProjectName(projects.data);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.webhooks.endpoint.queryKey({ id }) });
    await qc.invalidateQueries({ queryKey: trpc.webhooks.endpoints.queryKey() });
  };
  const update = useMutation(
    trpc.webhooks.updateEndpoint.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        await refresh();
      },
    }),
  );
  const roll = useMutation(
    trpc.webhooks.rollEndpointSecret.mutationOptions({
      onSuccess: (res) => {
        setSecret(res.secret);
        setConfirm(null);
      },
    }),
  );
  const remove = useMutation(
    trpc.webhooks.deleteEndpoint.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries({ queryKey: trpc.webhooks.endpoints.queryKey() });
        router.push("/dashboard/webhooks");
      },
    }),
  );
  const resume = useMutation(trpc.webhooks.resumeEndpoint.mutationOptions({ onSuccess: refresh }));
  const test = useMutation(
    trpc.webhooks.sendTestEvent.mutationOptions({
      onSuccess: async (res) => {
        setTestNote(res.result in TEST_RESULT ? t(TEST_RESULT[res.result]!) : res.result);
        await qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
    }),
  );

  if (endpoint.isPending) return <Spinner label={t("loadingEndpoint")} />;
  if (endpoint.error) return <ErrorNote error={endpoint.error} />;
  const e = endpoint.data;

  return (
    <>
      <PageHeader
        title={t("endpointTitle")}
        description={<span className="break-all font-mono">{e.url}</span>}
        actions={
          <Link href="/dashboard/webhooks" className="text-sm font-medium text-slate-900 underline">
            {t("allWebhooks")}
          </Link>
        }
      />
      <div className="space-y-6">
        {e.pausedAt && (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="endpoint-paused">
            <p className="font-medium text-amber-900">{t("pausedTitle")}</p>
            <p className="mt-1 text-amber-900">
              {t("pausedBody", { since: formatUtc(e.pausedAt), probeAt: e.probeAt ? formatUtc(e.probeAt) : "—" })}
            </p>
            <Button type="button" className="mt-3" onClick={() => resume.mutate({ id })} disabled={resume.isPending}>
              {resume.isPending ? t("resuming") : t("resume")}
            </Button>
            <ErrorNote error={resume.error} />
          </div>
        )}
        <Card
          title={t("settings")}
          actions={
            <Badge tone={e.pausedAt ? "amber" : e.enabled ? "green" : "gray"}>
              {e.pausedAt ? t("paused") : e.enabled ? t("enabled") : t("disabled")}
            </Badge>
          }
        >
          {secret && <SecretOnce secret={secret} />}
          {editing ? (
            <EndpointForm
              initial={{ url: e.url, description: e.description, events: e.events as EndpointEvent[], projectId: e.projectId }}
              submitLabel={t("saveEndpoint")}
              onSubmit={(values) => update.mutateAsync({ id, ...values })}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-500">{t("id")}</dt>
              <dd className="break-all font-mono">{e.id}</dd>
              <dt className="text-slate-500">{t("endpointDescription")}</dt>
              <dd>{e.description || "—"}</dd>
              <dt className="text-slate-500">{t("endpointProject")}</dt>
              <dd data-testid="endpoint-project">{projectName(e.projectId)}</dd>
              <dt className="text-slate-500">{t("events")}</dt>
              <dd className="break-all font-mono" data-testid="endpoint-events">
                {e.events.join(", ")}
              </dd>
              <dt className="text-slate-500">{t("created")}</dt>
              <dd>{formatUtc(e.createdAt)}</dd>
            </dl>
          )}
          {!editing && (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button type="button" onClick={() => test.mutate({ id })} disabled={test.isPending}>
                {test.isPending ? t("sending") : t("sendTest")}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
                {t("edit")}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={update.isPending}
                onClick={() => update.mutate({ id, enabled: !e.enabled })}
              >
                {e.enabled ? t("disable") : t("enable")}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setConfirm("roll")}>
                {t("rollSecret")}
              </Button>
              <Button type="button" variant="danger" onClick={() => setConfirm("delete")}>
                {t("delete")}
              </Button>
            </div>
          )}
          {testNote && (
            <p role="status" className="mt-3 text-sm text-slate-700" data-testid="test-event-result">
              {testNote}
            </p>
          )}
          {/* The edit form shows its own refusals under its fields. */}
          <ErrorNote error={(editing ? null : update.error) ?? roll.error ?? remove.error ?? test.error} />
        </Card>
        <DeliveryLog endpointId={id} />
      </div>
      <ConfirmDialog
        open={confirm === "roll"}
        title={t("rollQuestion")}
        confirmLabel={t("rollSecret")}
        busy={roll.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => roll.mutate({ id })}
      >
        {t("rollBody")}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        title={t("deleteQuestion")}
        confirmLabel={t("delete")}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => remove.mutate({ id })}
      >
        {t("deleteBody")}
      </ConfirmDialog>
    </>
  );
}
