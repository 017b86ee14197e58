"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { DeleteAccountInput } from "@/server/routers/security/deleteAccount.schema";
import { useTRPC } from "@/trpc/client";

/** "Download my data" and account deletion (password, two-factor code when on, and the email typed out). */
export function AccountDataCard() {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const twoFactor = useQuery(trpc.security.twoFactorStatus.queryOptions());
  const remove = useMutation(trpc.security.deleteAccount.mutationOptions());
  const [deleting, setDeleting] = useState(false);
  const hasPassword = twoFactor.data?.hasPassword ?? true;

  const form = useSchemaForm(DeleteAccountInput, { defaultValues: { password: "", code: "", confirmation: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const onDelete = form.handleSubmit(({ code, ...input }) =>
    remove
      .mutateAsync({ ...input, code: code || undefined })
      .then(() => signOut({ callbackUrl: "/?deleted=1" }), showServerErrors),
  );

  return (
    <Card title={t("yourData")} description={t("yourDataHint")}>
      <div className="space-y-6">
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{t("exportText")}</p>
          <a
            href="/api/dashboard/account-export"
            download
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50"
          >
            {t("downloadData")}
          </a>
        </div>
        <div className="space-y-3 border-t border-slate-100 pt-5">
          <h3 className="text-sm font-semibold text-red-800">{t("deleteAccount")}</h3>
          <p className="text-sm text-slate-700">{t("deleteText")}</p>
          {deleting ? (
            <form onSubmit={onDelete} noValidate className="max-w-sm space-y-4" aria-label={t("deleteAccount")}>
              {hasPassword && (
                <CurrentPasswordField label={t("password")} error={errors.password?.message} {...form.register("password")} />
              )}
              {twoFactor.data?.enabled && (
                <TextField
                  label={t("twoFactorOrRecovery")}
                  autoComplete="one-time-code"
                  required
                  maxLength={20}
                  error={errors.code?.message}
                  {...form.register("code")}
                />
              )}
              <TextField
                label={t("typeEmail", { email: me.data?.email ?? "…" })}
                autoComplete="off"
                required
                error={errors.confirmation?.message}
                {...form.register("confirmation")}
              />
              {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="danger" disabled={isSubmitting}>
                  {isSubmitting ? t("deleting") : t("deleteMine")}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setDeleting(false)}>
                  {tc("cancel")}
                </Button>
              </div>
            </form>
          ) : (
            <Button type="button" variant="danger" onClick={() => setDeleting(true)}>
              {t("deleteStart")}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
