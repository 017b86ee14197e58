"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ORG_ROLES } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, FormError } from "@/components/ui/states";
import { UtcTime } from "@/components/ui/utc-time";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { useApiErrorText } from "@/i18n/api-error";
import { InviteInput } from "@/server/routers/orgs/invite.schema";
import { useTRPC } from "@/trpc/client";

const ROLES = ORG_ROLES;
type OrgRole = (typeof ROLES)[number];

/** The active organization's members, its waiting invitations and, for owners and admins, the controls. */
export function MembersPanel() {
  const t = useTranslations("orgs");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.orgs.members.queryOptions());
  const manages = members.data?.yourRole === "owner" || members.data?.yourRole === "admin";
  const invitations = useQuery({ ...trpc.orgs.invitations.queryOptions(), enabled: manages });
  const refresh = () => queryClient.invalidateQueries();
  const invite = useMutation(trpc.orgs.invite.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.orgs.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const changeRole = useMutation(trpc.orgs.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.orgs.removeMember.mutationOptions({ onSuccess: refresh }));
  const transfer = useMutation(trpc.orgs.transferOwnership.mutationOptions({ onSuccess: refresh }));
  const [keysOnRemoval, setKeysOnRemoval] = useState<"keep" | "revoke">("keep");
  const inviteForm = useSchemaForm(InviteInput, { defaultValues: { email: "", role: "developer" } });
  const showInviteErrors = useServerErrors(inviteForm);
  const inviteErrors = inviteForm.formState.errors;
  const actionError = changeRole.error ?? remove.error ?? transfer.error ?? revoke.error;

  const onInvite = inviteForm.handleSubmit((values) =>
    invite.mutateAsync(values).then(() => inviteForm.reset(), showInviteErrors),
  );

  if (!members.data) return members.error ? <FormError>{errorText(members.error)}</FormError> : null;
  const { you, yourRole } = members.data;
  return (
    <div className="space-y-6">
      {manages && (
        <Card title={t("inviteTitle")} description={t("inviteDescription")}>
          <form
            onSubmit={onInvite}
            noValidate
            aria-label={t("inviteTitle")}
            className="grid max-w-xl gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          >
            <TextField
              label={t("email")}
              type="email"
              autoComplete="off"
              required
              error={inviteErrors.email?.message}
              {...inviteForm.register("email")}
            />
            <SelectField label={t("role")} {...inviteForm.register("role")}>
              {ROLES.filter((r) => r !== "owner" || yourRole === "owner").map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" disabled={inviteForm.formState.isSubmitting}>
              {t("invite")}
            </Button>
          </form>
          {inviteErrors.root?.server && <FormError>{inviteErrors.root.server.message}</FormError>}
          {invite.isSuccess && (
            <p role="status" className="mt-3 text-sm font-medium text-green-800">
              {t("invited", { email: invite.data.email })}
            </p>
          )}
        </Card>
      )}

      <Card title={t("membersTitle")}>
        {actionError && <FormError>{errorText(actionError)}</FormError>}
        {manages && (
          <div className="mb-3 max-w-xs">
            <SelectField
              label={t("keysOnRemoval")}
              value={keysOnRemoval}
              onChange={(e) => setKeysOnRemoval(e.target.value as "keep" | "revoke")}
            >
              <option value="keep">{t("keepKeys")}</option>
              <option value="revoke">{t("revokeKeys")}</option>
            </SelectField>
          </div>
        )}
        <ul className="divide-y divide-slate-100">
          {members.data.members.map((m) => (
            <li key={m.id} data-testid="member" className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {m.name ?? m.email}
                  {m.id === you && ` (${t("you")})`}
                </p>
                {m.name && <p className="truncate text-xs text-slate-600">{m.email}</p>}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {manages && (yourRole === "owner" || m.role !== "owner") ? (
                  <select
                    aria-label={t("roleOf", { email: m.email })}
                    value={m.role}
                    onChange={(e) => changeRole.mutate({ memberId: m.id, role: e.target.value as OrgRole })}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
                  >
                    {ROLES.filter((r) => r !== "owner" || yourRole === "owner").map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Badge>{t(`roles.${m.role}`)}</Badge>
                )}
                {yourRole === "owner" && m.id !== you && m.role !== "owner" && (
                  <Button variant="secondary" onClick={() => transfer.mutate({ memberId: m.id })}>
                    {t("makeOwner")}
                  </Button>
                )}
                {manages &&
                  m.id !== members.data.organizationId &&
                  m.id !== you &&
                  (yourRole === "owner" || m.role !== "owner") && (
                    <Button variant="secondary" onClick={() => remove.mutate({ memberId: m.id, keys: keysOnRemoval })}>
                      {t("remove")}
                      <span className="sr-only"> {m.email}</span>
                    </Button>
                  )}
              </div>
            </li>
          ))}
        </ul>
      </Card>

      {manages && invitations.data && invitations.data.length > 0 && (
        <Card title={t("pendingTitle")}>
          <ul className="divide-y divide-slate-100">
            {invitations.data.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span className="min-w-0 truncate text-slate-900">
                  {inv.email} · {t(`roles.${inv.role}`)}
                </span>
                <span className="text-xs text-slate-600">
                  {t("expires")} <UtcTime value={inv.expiresAt} />
                </span>
                <Button variant="secondary" onClick={() => revoke.mutate({ id: inv.id })}>
                  {t("revoke")}
                  <span className="sr-only"> {inv.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
