"use client";

import { useTranslations } from "next-intl";
import { useApiErrorText } from "@/i18n/api-error";
import { useMutation, useQuery } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

/** "Download my data" and account deletion (password, two-factor code when on, and the email typed out). */
export function AccountDataCard() {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const twoFactor = useQuery(trpc.security.twoFactorStatus.queryOptions());
  const remove = useMutation(trpc.security.deleteAccount.mutationOptions());
  const [deleting, setDeleting] = useState(false);
  const hasPassword = twoFactor.data?.hasPassword ?? true;

  function onDelete(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    remove.mutate(
      {
        password: String(form.get("password") ?? ""),
        code: form.get("code") ? String(form.get("code")) : undefined,
        confirmation: String(form.get("confirmation") ?? ""),
      },
      { onSuccess: () => void signOut({ callbackUrl: "/?deleted=1" }) },
    );
  }

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
            <form onSubmit={onDelete} className="max-w-sm space-y-4" aria-label={t("deleteAccount")}>
              {hasPassword && <CurrentPasswordField label={t("password")} name="password" />}
              {twoFactor.data?.enabled && (
                <TextField label={t("twoFactorOrRecovery")} name="code" autoComplete="one-time-code" required maxLength={20} />
              )}
              <TextField
                label={t("typeEmail", { email: me.data?.email ?? "…" })}
                name="confirmation"
                autoComplete="off"
                required
              />
              {remove.error && <FormError>{errorText(remove.error)}</FormError>}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="danger" disabled={remove.isPending}>
                  {remove.isPending ? t("deleting") : t("deleteMine")}
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
