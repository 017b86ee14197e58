"use client";

import { useTranslations } from "next-intl";
import { fieldErrorsOf, useApiErrorText } from "@/i18n/api-error";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const fieldErrors = fieldErrorsOf(request.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email: String(new FormData(e.currentTarget).get("email")) });
  }

  return (
    <AuthFormCard titleId="forgot-title" title={t("forgotTitle")} intro={t("forgotIntro")} homeLink onSubmit={onSubmit}>
      {request.isSuccess ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {t("forgotSent")}
        </p>
      ) : (
        <>
          <EmailField error={fieldErrors?.email} />
          {request.error && !fieldErrors && <FormError>{errorText(request.error)}</FormError>}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? t("sending") : t("sendReset")}
          </Button>
        </>
      )}
      <p className="text-center text-sm text-slate-600">
        <Link className="font-medium text-slate-900 underline" href="/signin">
          {t("backToSignIn")}
        </Link>
      </p>
    </AuthFormCard>
  );
}
