"use client";

import { useTranslations } from "next-intl";
import { fieldErrorsOf, useApiErrorText } from "@/i18n/api-error";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, NewPasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function ChangePasswordPanel() {
  const t = useTranslations("account");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const fieldErrors = fieldErrorsOf(change.error, "newPassword");

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    change.mutate(
      { currentPassword: String(form.get("currentPassword")), newPassword: String(form.get("newPassword")) },
      { onSuccess: () => (e.target as HTMLFormElement).reset() },
    );
  }

  return (
    <Card title={t("changePassword")} description={t("changePasswordHint")}>
      <form onSubmit={onSubmit} aria-label={t("changePassword")} className="max-w-sm space-y-5">
        <CurrentPasswordField label={t("currentPassword")} name="currentPassword" error={fieldErrors?.currentPassword} />
        <NewPasswordField label={t("newPassword")} name="newPassword" error={fieldErrors?.newPassword} />
        {change.error && !fieldErrors?.newPassword && !fieldErrors?.currentPassword && (
          <FormError>{errorText(change.error)}</FormError>
        )}
        {change.isSuccess && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t("passwordChanged")}
          </p>
        )}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t("saving") : t("changePassword")}
        </Button>
      </form>
    </Card>
  );
}
