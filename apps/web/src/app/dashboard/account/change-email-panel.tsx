"use client";

import { useTranslations } from "next-intl";
import { fieldErrorsOf, useApiErrorText } from "@/i18n/api-error";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function ChangeEmailPanel() {
  const t = useTranslations("account");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const change = useMutation(trpc.account.requestEmailChange.mutationOptions());
  const fieldErrors = fieldErrorsOf(change.error);
  // A taken address is the new-email field's problem, a wrong password the password field's.
  const apiCode = change.error?.data?.apiCode;
  const newEmailError =
    fieldErrors?.newEmail ??
    ((apiCode === "email_taken" || apiCode === "invalid_parameter") && change.error ? errorText(change.error) : undefined);
  const passwordError =
    fieldErrors?.currentPassword ?? (apiCode === "wrong_password" && change.error ? errorText(change.error) : undefined);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    change.mutate(
      { newEmail: String(form.get("newEmail")).trim(), currentPassword: String(form.get("currentPassword")) },
      { onSuccess: () => (e.target as HTMLFormElement).reset() },
    );
  }

  return (
    <Card title={t("changeEmail")} description={t("changeEmailHint")}>
      <p className="mb-4 break-all text-sm text-slate-700">
        {t.rich("signedInAs", {
          email: me.data?.email ?? "…",
          b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
        })}
      </p>
      <form onSubmit={onSubmit} aria-label={t("changeEmail")} className="max-w-sm space-y-5">
        <TextField
          label={t("newEmail")}
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={newEmailError}
        />
        <CurrentPasswordField
          label={t("currentPassword")}
          name="currentPassword"
          id="email-current-password"
          error={passwordError}
        />
        {change.error && !newEmailError && !passwordError && <FormError>{errorText(change.error)}</FormError>}
        {change.isSuccess && (
          <p role="status" className="break-words text-sm font-medium text-green-800">
            {t("sent", { email: change.data.sentTo })}
          </p>
        )}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t("sending") : t("sendLink")}
        </Button>
      </form>
    </Card>
  );
}
