"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CurrentPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { RequestEmailChangeInput } from "@/server/routers/account/requestEmailChange.schema";
import { useTRPC } from "@/trpc/client";

export function ChangeEmailPanel() {
  const t = useTranslations("account");
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const change = useMutation(trpc.account.requestEmailChange.mutationOptions());
  const form = useSchemaForm(RequestEmailChangeInput, { defaultValues: { newEmail: "", currentPassword: "" } });
  const { errors, isSubmitting } = form.formState;
  // A taken address is the new-email field's problem, a wrong password the password field's.
  const showServerErrors = useServerErrors(form, { invalid_parameter: "newEmail", wrong_password: "currentPassword" });

  const onSubmit = form.handleSubmit(({ newEmail, currentPassword }) =>
    change.mutateAsync({ newEmail: newEmail.trim(), currentPassword }).then(() => form.reset(), showServerErrors),
  );

  return (
    <Card title={t("changeEmail")} description={t("changeEmailHint")}>
      <p className="mb-4 break-all text-sm text-slate-700">
        {t.rich("signedInAs", {
          email: me.data?.email ?? "…",
          b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
        })}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label={t("changeEmail")} className="max-w-sm space-y-5">
        <TextField
          label={t("newEmail")}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={errors.newEmail?.message}
          {...form.register("newEmail")}
        />
        <CurrentPasswordField
          label={t("currentPassword")}
          id="email-current-password"
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
        {change.isSuccess && (
          <p role="status" className="break-words text-sm font-medium text-green-800">
            {t("sent", { email: change.data.sentTo })}
          </p>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("sending") : t("sendLink")}
        </Button>
      </form>
    </Card>
  );
}
