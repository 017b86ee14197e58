"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useTRPC } from "@/trpc/client";

export function ChangePasswordPanel() {
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const zodErrors = change.error?.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;
  const newError = change.error?.data?.apiCode === "weak_password" ? change.error.message : zodErrors?.newPassword?.[0];

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
          <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={zodErrors?.currentPassword?.[0]} />
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            hint="At least 10 characters, hard to guess: a passphrase of several unrelated words works well."
            error={newError}
          />
          {change.error && !newError && !zodErrors?.currentPassword && <p role="alert" className="text-sm font-medium text-red-700">{change.error.message}</p>}
          {change.isSuccess && <p role="status" className="text-sm font-medium text-green-800">Password changed. Other sessions are signed out.</p>}
          <Button type="submit" disabled={change.isPending}>{change.isPending ? "Saving…" : "Change password"}</Button>
        </form>
      </Card>
    </>
  );
}
