"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { AuthFormCard, AuthMessageCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { NewPasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/field-errors";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
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
      <AuthMessageCard title="Password changed">
        <p role="status" className="text-sm text-slate-700">
          You are signed out everywhere. Sign in with your new password.
        </p>
        <Link className="text-sm font-medium text-slate-900 underline" href="/signin">
          Sign in
        </Link>
      </AuthMessageCard>
    );
  }
  return (
    <AuthFormCard titleId="reset-title" title="Choose a new password" intro={`For ${email}.`} onSubmit={onSubmit}>
      <NewPasswordField
        label="New password"
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
      />
      {reset.error && !passwordError && <FormError>{reset.error.message}</FormError>}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? "Saving…" : "Set new password"}
      </Button>
    </AuthFormCard>
  );
}
