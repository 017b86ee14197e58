"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { RequestResetInput } from "@/server/routers/account/requestPasswordReset.schema";
import { useTRPC } from "@/trpc/client";

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const form = useSchemaForm(RequestResetInput, { defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);

  const onSubmit = form.handleSubmit((values) => request.mutateAsync(values).then(() => {}, showServerErrors));

  return (
    <AuthFormCard titleId="forgot-title" title={t("forgotTitle")} intro={t("forgotIntro")} homeLink onSubmit={onSubmit}>
      {request.isSuccess ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {t("forgotSent")}
        </p>
      ) : (
        <>
          <EmailField error={errors.email?.message} {...form.register("email")} />
          {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t("sending") : t("sendReset")}
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
