"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useTRPC } from "@/trpc/client";

export function SignUpForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const zodErrors = signUp.error?.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;
  // A weak password is refused by the engine (it knows the email and name): show it under the field.
  const fieldErrors = signUp.error?.data?.apiCode === "weak_password" ? { password: [signUp.error.message] } : zodErrors;

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
    <form onSubmit={(e) => onSubmit(e).catch(() => {})} className="w-full max-w-sm space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm" aria-labelledby="signup-title">
      <div>
        <Link href="/" className="text-sm font-semibold text-slate-500">vgen</Link>
        <h1 id="signup-title" className="mt-2 text-2xl font-semibold tracking-tight">Create your account</h1>
      </div>
      <TextField label="Name" name="name" autoComplete="name" />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors?.email?.[0]} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={10}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="At least 10 characters, hard to guess: a passphrase of several unrelated words works well."
        error={fieldErrors?.password?.[0]}
      />
      {signUp.error && !fieldErrors && <p role="alert" className="text-sm font-medium text-red-700">{signUp.error.message}</p>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>{signUp.isPending ? "Creating…" : "Create account"}</Button>
      <p className="text-center text-sm text-slate-600">
        Have an account? <Link className="font-medium text-slate-900 underline" href="/signin">Sign in</Link>
      </p>
    </form>
  );
}
