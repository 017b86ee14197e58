"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, FormError } from "@/components/ui/states";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { useApiErrorText } from "@/i18n/api-error";
import { ClaimDomainInput } from "@/server/routers/sso/claimDomain.schema";
import { SaveConnectionInput } from "@/server/routers/sso/saveConnection.schema";
import { useTRPC } from "@/trpc/client";

const DEFAULT_ROLES = ["admin", "developer", "billing", "viewer"] as const;

/** The owner's single sign-on settings: claimed domains with their TXT records, and the OIDC connection. */
export function SsoPanel() {
  const t = useTranslations("sso");
  const tRoles = useTranslations("orgs.roles");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.sso.overview.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.sso.overview.queryFilter());
  const claim = useMutation(trpc.sso.claimDomain.mutationOptions({ onSuccess: refresh }));
  const verify = useMutation(trpc.sso.verifyDomain.mutationOptions({ onSuccess: refresh }));
  const removeDomain = useMutation(trpc.sso.removeDomain.mutationOptions({ onSuccess: refresh }));
  const save = useMutation(trpc.sso.saveConnection.mutationOptions({ onSuccess: refresh }));
  const removeConnection = useMutation(trpc.sso.removeConnection.mutationOptions({ onSuccess: refresh }));
  const enforceId = useId();

  const domainForm = useSchemaForm(ClaimDomainInput, { defaultValues: { domain: "" } });
  const showDomainErrors = useServerErrors(domainForm);
  const onClaim = domainForm.handleSubmit((values) => claim.mutateAsync(values).then(() => domainForm.reset(), showDomainErrors));

  const connectionForm = useSchemaForm(SaveConnectionInput, {
    defaultValues: { issuer: "", clientId: "", clientSecret: "", defaultRole: "viewer", enforce: false },
  });
  const showConnectionErrors = useServerErrors(connectionForm);
  const stored = overview.data?.connection;
  useEffect(() => {
    // The form starts from the stored connection; the secret is never shown back.
    if (stored)
      connectionForm.reset({
        issuer: stored.issuer,
        clientId: stored.clientId,
        clientSecret: "",
        defaultRole: stored.defaultRole === "owner" ? "viewer" : stored.defaultRole,
        enforce: stored.enforce,
      });
  }, [stored, connectionForm]);
  const onSave = connectionForm.handleSubmit((values) => save.mutateAsync(values).catch(showConnectionErrors));

  if (!overview.data) return overview.error ? <FormError>{errorText(overview.error)}</FormError> : null;
  const domainErrors = domainForm.formState.errors;
  const connectionErrors = connectionForm.formState.errors;
  const domainActionError = verify.error ?? removeDomain.error;
  return (
    <div className="space-y-6">
      <Card title={t("domainsTitle")} description={t("domainsIntro")}>
        <form
          onSubmit={onClaim}
          noValidate
          aria-label={t("addDomain")}
          className="grid max-w-xl gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <TextField
            label={t("domain")}
            autoComplete="off"
            required
            error={domainErrors.domain?.message}
            {...domainForm.register("domain")}
          />
          <Button type="submit" disabled={domainForm.formState.isSubmitting}>
            {domainForm.formState.isSubmitting ? t("adding") : t("addDomain")}
          </Button>
        </form>
        {domainErrors.root?.server && <FormError>{domainErrors.root.server.message}</FormError>}
        {domainActionError && <FormError>{errorText(domainActionError)}</FormError>}
        {overview.data.domains.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t("noDomains")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {overview.data.domains.map((d) => (
              <li key={d.id} data-testid="sso-domain" className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{d.domain}</p>
                  {!d.verifiedAt && (
                    <p className="text-xs text-slate-600">
                      {t("txtRecord")}: <code className="break-all rounded bg-slate-100 px-1 font-mono">{d.txtValue}</code>
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={d.verifiedAt ? "green" : "gray"}>{d.verifiedAt ? t("verified") : t("pending")}</Badge>
                  {!d.verifiedAt && (
                    <Button variant="secondary" disabled={verify.isPending} onClick={() => verify.mutate({ id: d.id })}>
                      {verify.isPending && verify.variables?.id === d.id ? t("verifying") : t("verify")}
                      <span className="sr-only"> {d.domain}</span>
                    </Button>
                  )}
                  <Button variant="secondary" onClick={() => removeDomain.mutate({ id: d.id })}>
                    {t("remove")}
                    <span className="sr-only"> {d.domain}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t("connectionTitle")}>
        <p className="mb-4 text-sm text-slate-600">
          {t("connectionIntro")}{" "}
          <code className="break-all rounded bg-slate-100 px-1 font-mono">{overview.data.redirectUri}</code>
        </p>
        <form onSubmit={onSave} noValidate aria-label={t("connectionTitle")} className="grid max-w-xl gap-4">
          <TextField
            label={t("issuer")}
            type="url"
            autoComplete="off"
            required
            error={connectionErrors.issuer?.message}
            {...connectionForm.register("issuer")}
          />
          <TextField
            label={t("clientId")}
            autoComplete="off"
            required
            error={connectionErrors.clientId?.message}
            {...connectionForm.register("clientId")}
          />
          <TextField
            label={t("clientSecret")}
            type="password"
            autoComplete="off"
            hint={stored ? t("clientSecretKeep") : undefined}
            error={connectionErrors.clientSecret?.message}
            {...connectionForm.register("clientSecret")}
          />
          <SelectField label={t("defaultRole")} {...connectionForm.register("defaultRole")}>
            {DEFAULT_ROLES.map((r) => (
              <option key={r} value={r}>
                {tRoles(r)}
              </option>
            ))}
          </SelectField>
          <div className="flex items-start gap-2">
            <input id={enforceId} type="checkbox" className="mt-1" {...connectionForm.register("enforce")} />
            <label htmlFor={enforceId} className="text-sm text-slate-800">
              {t("enforce")}
            </label>
          </div>
          {connectionErrors.root?.server && <FormError>{connectionErrors.root.server.message}</FormError>}
          {save.isSuccess && (
            <p role="status" className="text-sm font-medium text-green-800">
              {t("saved")}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={connectionForm.formState.isSubmitting}>
              {connectionForm.formState.isSubmitting ? t("saving") : t("save")}
            </Button>
            {stored && (
              <Button type="button" variant="secondary" onClick={() => removeConnection.mutate()}>
                {t("removeConnection")}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
