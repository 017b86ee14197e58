"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, NewPasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { ChangePasswordInput } from "@/server/routers/account/changePassword.schema";
import { useTRPC } from "@/trpc/client";

export function ChangePasswordPanel() {
  const t = useTranslations("account");
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const form = useSchemaForm(ChangePasswordInput, { defaultValues: { currentPassword: "", newPassword: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, { weak_password: "newPassword", wrong_password: "currentPassword" });

  const onSubmit = form.handleSubmit((values) => change.mutateAsync(values).then(() => form.reset(), showServerErrors));

  return (
    <Card title={t("changePassword")} description={t("changePasswordHint")}>
      <form onSubmit={onSubmit} noValidate aria-label={t("changePassword")} className="max-w-sm space-y-5">
        <CurrentPasswordField
          label={t("currentPassword")}
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <NewPasswordField label={t("newPassword")} error={errors.newPassword?.message} {...form.register("newPassword")} />
        {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
        {change.isSuccess && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t("passwordChanged")}
          </p>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : t("changePassword")}
        </Button>
      </form>
    </Card>
  );
}
