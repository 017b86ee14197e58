"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { sameOriginPath } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const callbackUrl = params.get("callbackUrl");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const res = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    setPending(false);
    if (res?.ok) {
      router.push(sameOriginPath(callbackUrl, window.location.origin));
      router.refresh();
    } else {
      setError(res?.error && res.error !== "CredentialsSignin" ? res.error : "Wrong email or password.");
    }
  }

  return (
    <form onSubmit={onSubmit} className="w-full max-w-sm space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm" aria-labelledby="signin-title">
      <div>
        <Link href="/" className="text-sm font-semibold text-slate-500">vgen</Link>
        <h1 id="signin-title" className="mt-2 text-2xl font-semibold tracking-tight">Sign in</h1>
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <p className="-mt-3 text-right text-sm">
        <Link className="font-medium text-slate-700 underline" href="/forgot-password">Forgot password?</Link>
      </p>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
      <Button type="submit" className="w-full" disabled={pending}>{pending ? "Signing in…" : "Sign in"}</Button>
      <p className="text-center text-sm text-slate-600">
        New here? <Link className="font-medium text-slate-900 underline" href="/signup">Create an account</Link>
      </p>
    </form>
  );
}
