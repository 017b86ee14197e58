"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useTRPC } from "@/trpc/client";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [password, setPassword] = useState("");
  const zodErrors = reset.error?.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;
  const passwordError = reset.error?.data?.apiCode === "weak_password" ? reset.error.message : zodErrors?.password?.[0];

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    reset.mutate({ token, password });
  }

  if (reset.isSuccess) {
    return (
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight">Password changed</h1>
        <p role="status" className="text-sm text-slate-700">You are signed out everywhere. Sign in with your new password.</p>
        <Link className="text-sm font-medium text-slate-900 underline" href="/signin">Sign in</Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="w-full max-w-sm space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm" aria-labelledby="reset-title">
      <div>
        <h1 id="reset-title" className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
        <p className="mt-1 text-sm text-slate-600">For {email}.</p>
      </div>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={10}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="At least 10 characters, hard to guess: a passphrase of several unrelated words works well."
        error={passwordError}
      />
      {reset.error && !passwordError && <p role="alert" className="text-sm font-medium text-red-700">{reset.error.message}</p>}
      <Button type="submit" className="w-full" disabled={reset.isPending}>{reset.isPending ? "Saving…" : "Set new password"}</Button>
    </form>
  );
}
