"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { EmailField, NewPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/field-errors";

export function SignUpForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const fieldErrors = fieldErrorsOf(signUp.error, "password");

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email"));
    await signUp.mutateAsync({ email, password, name: String(form.get("name") || "") || undefined });
    await signIn("credentials", { email, password, redirect: false });
    router.push("/dashboard");
    router.refresh();
  }

  return (
    <AuthFormCard titleId="signup-title" title="Create your account" homeLink onSubmit={(e) => onSubmit(e).catch(() => {})}>
      <TextField label="Name" name="name" autoComplete="name" />
      <EmailField error={fieldErrors?.email} />
      <NewPasswordField
        label="Password"
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors?.password}
      />
      {signUp.error && !fieldErrors && <FormError>{signUp.error.message}</FormError>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? "Creating…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Have an account?{" "}
        <Link className="font-medium text-slate-900 underline" href="/signin">
          Sign in
        </Link>
      </p>
    </AuthFormCard>
  );
}
