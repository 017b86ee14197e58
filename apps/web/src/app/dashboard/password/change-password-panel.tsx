"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { CurrentPasswordField, NewPasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/field-errors";

export function ChangePasswordPanel() {
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
    <>
      <PageHeader title="Change password" description="Your other sessions are signed out when the password changes." />
      <Card>
        <form onSubmit={onSubmit} className="max-w-sm space-y-5">
          <CurrentPasswordField label="Current password" name="currentPassword" error={fieldErrors?.currentPassword} />
          <NewPasswordField label="New password" name="newPassword" error={fieldErrors?.newPassword} />
          {change.error && !fieldErrors?.newPassword && !fieldErrors?.currentPassword && (
            <FormError>{change.error.message}</FormError>
          )}
          {change.isSuccess && (
            <p role="status" className="text-sm font-medium text-green-800">
              Password changed. Other sessions are signed out.
            </p>
          )}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Saving…" : "Change password"}
          </Button>
        </form>
      </Card>
    </>
  );
}
