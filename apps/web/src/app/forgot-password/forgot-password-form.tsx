"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/field-errors";

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const fieldErrors = fieldErrorsOf(request.error);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email: String(new FormData(e.currentTarget).get("email")) });
  }

  return (
    <AuthFormCard
      titleId="forgot-title"
      title="Reset your password"
      intro="We send a link that lets you choose a new password. It works once, for an hour."
      homeLink
      onSubmit={onSubmit}
    >
      {request.isSuccess ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          If an account uses this email, a reset link is on its way. Without a mail server, the link is in the server log, and
          support can make one for you.
        </p>
      ) : (
        <>
          <EmailField error={fieldErrors?.email} />
          {request.error && !fieldErrors && <FormError>{request.error.message}</FormError>}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? "Sending…" : "Send reset link"}
          </Button>
        </>
      )}
      <p className="text-center text-sm text-slate-600">
        <Link className="font-medium text-slate-900 underline" href="/signin">
          Back to sign in
        </Link>
      </p>
    </AuthFormCard>
  );
}
