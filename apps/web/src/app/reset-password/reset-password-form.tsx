"use client";

import { useTranslations } from "next-intl";
import { fieldErrorsOf, useApiErrorText } from "@/i18n/api-error";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { AuthFormCard, AuthMessageCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { NewPasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations("auth");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [password, setPassword] = useState("");
  const passwordError = fieldErrorsOf(reset.error, "password")?.password;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    reset.mutate({ token, password });
  }

  if (reset.isSuccess) {
    return (
      <AuthMessageCard title={t("passwordChanged")}>
        <p role="status" className="text-sm text-slate-700">
          {t("signedOutEverywhere")}
        </p>
        <Link className="text-sm font-medium text-slate-900 underline" href="/signin">
          {t("signInButton")}
        </Link>
      </AuthMessageCard>
    );
  }
  return (
    <AuthFormCard titleId="reset-title" title={t("resetTitle")} intro={t("forEmail", { email })} onSubmit={onSubmit}>
      <NewPasswordField
        label={t("newPassword")}
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
      />
      {reset.error && !passwordError && <FormError>{errorText(reset.error)}</FormError>}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? t("saving") : t("setPassword")}
      </Button>
    </AuthFormCard>
  );
}
