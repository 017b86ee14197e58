"use client";

import { formatUtc } from "@vgen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, FormError, QueryState } from "@/components/ui/states";
import { CreateKeyInput } from "@/server/routers/apiKeys/create.schema";
import { useTRPC } from "@/trpc/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { KeyRestrictionsSummary } from "@/components/keys/key-restrictions-summary";
import { NewKeyReveal } from "./new-key-reveal";
import { draftOf, NO_RESTRICTIONS, RestrictionsFields, restrictionsInput, type RestrictionsDraft } from "./restrictions-fields";
import { forgetIssuedKey, rememberIssuedKey } from "./session-key";

/** `newExpiry`: the successor's expiry, asked for when the key rotated has expired (empty: never). */
type Pending = {
  action: "revoke" | "rotate";
  id: string;
  name: string;
  prefix: string;
  expired?: boolean;
  newExpiry?: string;
} | null;
type Editing = { id: string; name: string; prefix: string; draft: RestrictionsDraft } | null;

export function ApiKeysPanel() {
  const t = useTranslations("apiKeys");
  const tn = useTranslations("nav");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: false }));
  const tp = useTranslations("projects");
  const models = catalog.data ?? [];
  // The key's name and mode; its restrictions are a draft of their own (RestrictionsFields), sent with them.
  const form = useSchemaForm(CreateKeyInput.omit({ restrictions: true }), { defaultValues: { name: "", livemode: true } });
  const showServerErrors = useServerErrors(form);
  const livemode = form.watch("livemode");
  const [draft, setDraft] = useState<RestrictionsDraft>(NO_RESTRICTIONS);
  const [editing, setEditing] = useState<Editing>(null);
  const [revealed, setRevealed] = useState<{ name: string; key: string; title: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const notify = useToast();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    ]);

  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (k) => {
        rememberIssuedKey({ id: k.id, key: k.key, prefix: k.prefix, name: k.name, livemode: k.livemode });
        setRevealed({ name: k.name, key: k.key, title: t("newKeyTitle") });
        form.reset();
        setDraft(NO_RESTRICTIONS);
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async (_r, input) => {
        forgetIssuedKey(input.id);
        notify(t("revoked", { name: pending?.name ?? "" }));
        setPending(null);
        await refresh();
      },
    }),
  );
  const rotate = useMutation(
    trpc.apiKeys.rotate.mutationOptions({
      onSuccess: async (k) => {
        forgetIssuedKey(k.replaced);
        rememberIssuedKey({ id: k.id, key: k.key, prefix: k.prefix, name: k.name });
        setRevealed({ name: k.name, key: k.key, title: t("rotatedTitle") });
        notify(t("rotated", { prefix: pending?.prefix ?? "" }));
        setPending(null);
        await refresh();
      },
    }),
  );

  const restrict = useMutation(
    trpc.apiKeys.restrict.mutationOptions({
      onSuccess: async () => {
        notify(t("restrictionsSaved", { name: editing?.name ?? "" }));
        setEditing(null);
        await refresh();
      },
    }),
  );

  const submit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, restrictions: restrictionsInput(draft) }).then(() => {}, showServerErrors),
  );

  const live = keys.data?.filter((k) => k.status === "active") ?? [];

  return (
    <>
      <PageHeader
        title={tn("apiKeys")}
        description={t("description", { header: "Authorization: Bearer <API_KEY>" })}
        actions={
          keys.data && live.length === 0 ? (
            <p className="flex items-center gap-2 text-sm" data-testid="key-status">
              <Badge tone="amber">{t("notIssued")}</Badge>
              <Link className="font-medium text-slate-900 underline" href="/dashboard/quickstart">
                {tn("quickstart")}
              </Link>
            </p>
          ) : keys.data ? (
            <p className="text-sm text-slate-600" data-testid="key-status">
              <Badge tone="green">{t("activeCount", { count: live.length })}</Badge>
            </p>
          ) : null
        }
      />

      <div className="space-y-6">
        {revealed && (
          <NewKeyReveal name={revealed.name} apiKey={revealed.key} title={revealed.title} onDone={() => setRevealed(null)} />
        )}

        <Card title={t("issueTitle")} description={t("issueHint")}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <div className="sm:w-80">
              <TextField
                label={t("keyName")}
                maxLength={60}
                placeholder={t("keyNamePlaceholder")}
                autoComplete="off"
                error={form.formState.errors.name?.message}
                {...form.register("name")}
              />
            </div>
            {projects.data && projects.data.length > 1 && (
              <div className="sm:w-80">
                <SelectField
                  label={tp("keyProject")}
                  hint={tp("keyProjectHint")}
                  {...form.register("projectId", { setValueAs: (v: string) => v || undefined })}
                >
                  {projects.data.map((p) => (
                    <option key={p.id} value={p.isDefault ? "" : p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
            <div className="sm:w-80">
              <SelectField
                label={t("mode")}
                name="mode"
                value={livemode ? "live" : "test"}
                onChange={(e) => form.setValue("livemode", e.target.value === "live")}
              >
                <option value="live">{t("modeLive")}</option>
                <option value="test">{t("modeTest")}</option>
              </SelectField>
              <p className="mt-1 text-xs text-slate-500">{t("modeHint")}</p>
            </div>
            <details className="rounded-md border border-slate-200 px-3 py-2">
              <summary className="cursor-pointer text-sm font-medium text-slate-800">{t("restrictionsOptional")}</summary>
              <p className="mt-1 text-xs text-slate-500">{t("restrictionsHint")}</p>
              <div className="mt-3">
                <RestrictionsFields draft={draft} onChange={setDraft} models={models} />
              </div>
            </details>
            {form.formState.errors.root?.server && <FormError>{form.formState.errors.root.server.message}</FormError>}
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t("issuing") : t("issue")}
            </Button>
          </form>
        </Card>

        <Card title={t("yourKeys")}>
          <QueryState
            query={keys}
            loading={t("loading")}
            isEmpty={(d) => d.length === 0}
            empty={
              <EmptyState title={t("empty")}>
                {t.rich("emptyHint", {
                  link: (chunks) => (
                    <Link className="underline" href="/dashboard/quickstart">
                      {chunks}
                    </Link>
                  ),
                })}
              </EmptyState>
            }
          >
            {(data) => (
              <DataTable
                label={t("caption")}
                rows={data}
                rowKey={(k) => k.id}
                rowAttributes={(k) => ({
                  "data-testid": "key-row",
                  "data-key-id": k.id,
                  className: k.status === "revoked" ? "text-slate-500" : "",
                })}
                columns={[
                  { id: "name", header: t("colName"), rowHeader: true, cell: (k) => k.name },
                  {
                    id: "key",
                    header: t("colKey"),
                    hideBelow: "sm",
                    className: "font-mono text-xs",
                    cell: (k) => `${k.prefix}…`,
                  },
                  {
                    id: "project",
                    header: tp("keyProject"),
                    hideBelow: "md",
                    cellTestId: "key-project",
                    cell: (k) => k.project.name,
                  },
                  {
                    id: "mode",
                    header: t("mode"),
                    hideBelow: "sm",
                    cellTestId: "key-mode",
                    cell: (k) =>
                      k.livemode ? <Badge tone="gray">{t("modeLive")}</Badge> : <Badge tone="blue">{t("modeTest")}</Badge>,
                  },
                  {
                    id: "restrictions",
                    header: t("colRestrictions"),
                    className: "max-w-72 min-w-48",
                    cell: (k) => <KeyRestrictionsSummary restrictions={k} />,
                  },
                  {
                    id: "created",
                    header: t("colCreated"),
                    hideBelow: "lg",
                    className: "whitespace-nowrap",
                    cell: (k) => formatUtc(k.createdAt),
                  },
                  {
                    id: "lastUsed",
                    header: t("colLastUsed"),
                    hideBelow: "md",
                    className: "whitespace-nowrap",
                    cell: (k) => (k.lastUsedAt ? formatUtc(k.lastUsedAt) : tc("never")),
                  },
                  {
                    id: "status",
                    header: t("colStatus"),
                    cell: (k) =>
                      k.status === "active" ? (
                        <Badge tone="green">{t("active")}</Badge>
                      ) : k.status === "expired" ? (
                        <Badge tone="amber">{t("expired")}</Badge>
                      ) : (
                        <Badge tone="gray">{t("revokedAt", { at: k.revokedAt ? formatUtc(k.revokedAt) : "" })}</Badge>
                      ),
                  },
                  {
                    id: "actions",
                    header: t("colActions"),
                    headerHidden: true,
                    className: "whitespace-nowrap text-right",
                    cell: (k) =>
                      k.status !== "revoked" && (
                        <span className="inline-flex gap-2">
                          <Button
                            type="button"
                            variant="secondary"
                            aria-label={t("editLabel", { name: k.name, prefix: k.prefix })}
                            onClick={() => {
                              restrict.reset();
                              setEditing({ id: k.id, name: k.name, prefix: k.prefix, draft: draftOf(k) });
                            }}
                          >
                            {t("edit")}
                          </Button>
                          <Button
                            type="button"
                            variant="secondary"
                            aria-label={t("rotateLabel", { name: k.name, prefix: k.prefix })}
                            onClick={() =>
                              setPending({
                                action: "rotate",
                                id: k.id,
                                name: k.name,
                                prefix: k.prefix,
                                expired: k.status === "expired",
                                newExpiry: "",
                              })
                            }
                          >
                            {t("rotate")}
                          </Button>
                          <Button
                            type="button"
                            variant="danger"
                            aria-label={t("revokeLabel", { name: k.name, prefix: k.prefix })}
                            onClick={() => setPending({ action: "revoke", id: k.id, name: k.name, prefix: k.prefix })}
                          >
                            {t("revoke")}
                          </Button>
                        </span>
                      ),
                  },
                ]}
              />
            )}
          </QueryState>
        </Card>
      </div>

      <ConfirmDialog
        open={editing !== null}
        title={t("restrictionsOf", { name: editing?.name ?? "" })}
        confirmLabel={t("saveRestrictions")}
        variant="primary"
        busy={restrict.isPending}
        onCancel={() => setEditing(null)}
        onConfirm={() => {
          if (editing) restrict.mutate({ id: editing.id, restrictions: restrictionsInput(editing.draft) });
        }}
      >
        {editing && (
          <RestrictionsFields draft={editing.draft} onChange={(d) => setEditing({ ...editing, draft: d })} models={models} />
        )}
        <div className="mt-3">
          <ErrorNote error={restrict.error} />
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === "rotate"
            ? t("rotateQuestion", { name: pending.name })
            : t("revokeQuestion", { name: pending?.name ?? "" })
        }
        confirmLabel={pending?.action === "rotate" ? t("rotateKey") : t("revokeKey")}
        variant={pending?.action === "rotate" ? "primary" : "danger"}
        busy={revoke.isPending || rotate.isPending}
        onCancel={() => {
          setPending(null);
          revoke.reset();
          rotate.reset();
        }}
        onConfirm={() => {
          if (!pending) return;
          if (pending.action === "revoke") revoke.mutate({ id: pending.id });
          else if (pending.expired) rotate.mutate({ id: pending.id, expiresAt: pending.newExpiry?.trim() || null });
          else rotate.mutate({ id: pending.id });
        }}
      >
        {pending?.action === "rotate" ? (
          <>
            <p>
              {t.rich("rotateBody", {
                name: pending.name,
                prefix: pending.prefix,
                code: (chunks) => <code className="font-mono">{chunks}</code>,
              })}
            </p>
            {pending.expired && (
              <div className="mt-3">
                <TextField
                  label={t("newExpiry")}
                  type="datetime-local"
                  name="newExpiry"
                  value={pending.newExpiry ?? ""}
                  hint={t("newExpiryHint")}
                  onChange={(e) => setPending({ ...pending, newExpiry: e.target.value })}
                />
              </div>
            )}
          </>
        ) : (
          <p>
            {t.rich("revokeBody", {
              prefix: pending?.prefix ?? "",
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })}
          </p>
        )}
        <div className="mt-3">
          <ErrorNote error={revoke.error ?? rotate.error} />
        </div>
      </ConfirmDialog>
    </>
  );
}
