"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { AuthFormCard, AuthMessageCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { NewPasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { ResetPasswordInput } from "@/server/routers/account/resetPassword.schema";
import { useTRPC } from "@/trpc/client";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations("auth");
  const trpc = useTRPC();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  // The link's token travels with the password: the schema checks both, the token is no field.
  const form = useSchemaForm(ResetPasswordInput, { defaultValues: { token, password: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);

  const onSubmit = form.handleSubmit((values) => reset.mutateAsync(values).then(() => {}, showServerErrors));

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
  const passwordError = errors.password?.message;
  // A malformed link is no field's fault: its message stands for the form.
  const formError = errors.token?.message ?? errors.root?.server?.message;
  return (
    <AuthFormCard titleId="reset-title" title={t("resetTitle")} intro={t("forEmail", { email })} onSubmit={onSubmit}>
      <NewPasswordField label={t("newPassword")} error={passwordError} {...form.register("password")} />
      {formError && <FormError>{formError}</FormError>}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("saving") : t("setPassword")}
      </Button>
    </AuthFormCard>
  );
}
