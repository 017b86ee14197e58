"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useTRPC } from "@/trpc/client";

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const fieldErrors = request.error?.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email: String(new FormData(e.currentTarget).get("email")) });
  }

  return (
    <form onSubmit={onSubmit} className="w-full max-w-sm space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm" aria-labelledby="forgot-title">
      <div>
        <Link href="/" className="text-sm font-semibold text-slate-500">vgen</Link>
        <h1 id="forgot-title" className="mt-2 text-2xl font-semibold tracking-tight">Reset your password</h1>
        <p className="mt-1 text-sm text-slate-600">We send a link that lets you choose a new password. It works once, for an hour.</p>
      </div>
      {request.isSuccess ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          If an account uses this email, a reset link is on its way. Without a mail server, the link is in the server log, and support can make one for you.
        </p>
      ) : (
        <>
          <TextField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors?.email?.[0]} />
          {request.error && !fieldErrors && <p role="alert" className="text-sm font-medium text-red-700">{request.error.message}</p>}
          <Button type="submit" className="w-full" disabled={request.isPending}>{request.isPending ? "Sending…" : "Send reset link"}</Button>
        </>
      )}
      <p className="text-center text-sm text-slate-600">
        <Link className="font-medium text-slate-900 underline" href="/signin">Back to sign in</Link>
      </p>
    </form>
  );
}
