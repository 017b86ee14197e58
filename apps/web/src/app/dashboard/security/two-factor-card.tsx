"use client";

import { formatUtc } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useApiErrorText } from "@/i18n/api-error";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, TextField } from "@/components/ui/field";
import { ErrorNote, FormError, Spinner } from "@/components/ui/states";
import { OwnerConfirmationInput } from "@/server/routers/security/common.schema";
import { ConfirmTwoFactorInput } from "@/server/routers/security/confirmTwoFactor.schema";
import { useTRPC } from "@/trpc/client";
import { RecoveryCodes } from "./recovery-codes";

/** Two-factor sign-in: off → scan + confirm a code → recovery codes once; on → replace codes or turn off (password + code). */
export function TwoFactorCard() {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.security.twoFactorStatus.queryOptions());
  const start = useMutation(trpc.security.startTwoFactor.mutationOptions());
  const confirm = useMutation(trpc.security.confirmTwoFactor.mutationOptions());
  const disable = useMutation(trpc.security.disableTwoFactor.mutationOptions());
  const regenerate = useMutation(trpc.security.regenerateRecoveryCodes.mutationOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<"disable" | "regenerate" | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.security.twoFactorStatus.queryFilter());

  const confirmForm = useSchemaForm(ConfirmTwoFactorInput, { defaultValues: { code: "" } });
  const showConfirmErrors = useServerErrors(confirmForm);
  const onConfirm = confirmForm.handleSubmit((input) =>
    confirm.mutateAsync(input).then((res) => {
      setCodes(res.recoveryCodes);
      start.reset();
      confirmForm.reset();
      void refresh();
    }, showConfirmErrors),
  );

  const ownerForm = useSchemaForm(OwnerConfirmationInput, { defaultValues: { password: "", code: "" } });
  // A wrong password or code is the form's as a whole: the server does not say which.
  const showOwnerErrors = useServerErrors(ownerForm);
  const onOwnerAction = ownerForm.handleSubmit(async (input) => {
    try {
      if (action === "disable") await disable.mutateAsync(input);
      else setCodes((await regenerate.mutateAsync(input)).recoveryCodes);
    } catch (error) {
      showOwnerErrors(error);
      return;
    }
    ownerForm.reset();
    setAction(null);
    void refresh();
  });
  const confirmErrors = confirmForm.formState.errors;
  const ownerErrors = ownerForm.formState.errors;
  return (
    <Card title={t("twoFactor")} description={t("twoFactorHint")}>
      {status.isPending && <Spinner />}
      <ErrorNote error={status.error} />
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.data && !status.data.enabled ? (
        start.data ? (
          <form onSubmit={onConfirm} noValidate className="space-y-4">
            <p className="text-sm text-slate-700">{t("scan")}</p>
            <div className="flex flex-wrap items-start gap-4">
              {/* biome-ignore lint/performance/noImgElement: a data URL drawn on the server; next/image adds nothing */}
              <img src={start.data.qrDataUrl} alt={t("qrAlt")} width={176} height={176} className="rounded border" />
              <div className="min-w-0 space-y-1">
                <p className="text-xs font-medium text-slate-600">{t("key")}</p>
                <code data-testid="totp-secret" className="block break-all rounded bg-slate-50 px-2 py-1 font-mono text-sm">
                  {start.data.secret}
                </code>
              </div>
            </div>
            <div className="max-w-xs">
              <TextField
                label={t("codeFromApp")}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={6}
                error={confirmErrors.code?.message}
                {...confirmForm.register("code")}
              />
            </div>
            {confirmErrors.root?.server && <FormError>{confirmErrors.root.server.message}</FormError>}
            <Button type="submit" disabled={confirmForm.formState.isSubmitting}>
              {confirmForm.formState.isSubmitting ? t("checking") : t("turnOn")}
            </Button>
          </form>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t("off")}</p>
            {start.error && <FormError>{errorText(start.error)}</FormError>}
            <Button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
              {t("setUp")}
            </Button>
          </div>
        )
      ) : status.data?.enabled ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {t("onSince", {
              date: status.data.enabledAt ? formatUtc(status.data.enabledAt) : "",
              count: status.data.recoveryCodesLeft,
            })}
          </p>
          {action ? (
            <form onSubmit={onOwnerAction} noValidate className="max-w-sm space-y-4">
              <CurrentPasswordField
                label={t("password")}
                error={ownerErrors.password?.message}
                {...ownerForm.register("password")}
              />
              <TextField
                label={t("currentOrRecovery")}
                autoComplete="one-time-code"
                required
                maxLength={20}
                error={ownerErrors.code?.message}
                {...ownerForm.register("code")}
              />
              {ownerErrors.root?.server && <FormError>{ownerErrors.root.server.message}</FormError>}
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  variant={action === "disable" ? "danger" : "primary"}
                  disabled={ownerForm.formState.isSubmitting}
                >
                  {action === "disable" ? t("turnOff2fa") : t("replaceCodes")}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    ownerForm.reset();
                    setAction(null);
                  }}
                >
                  {tc("cancel")}
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" onClick={() => setAction("regenerate")}>
                {t("newCodes")}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setAction("disable")}>
                {t("turnOff")}
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </Card>
  );
}
