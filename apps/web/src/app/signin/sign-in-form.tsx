"use client";

import Link from "next/link";
import { getSession, signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { sameOriginPath } from "@vgen/contracts";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { CurrentPasswordField, EmailField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";

/** Where a sign-in without a page to return to lands: staff on the support console, others on their dashboard. */
async function homeOfSignedIn(): Promise<string> {
  const session = await getSession();
  const role = session?.user.role;
  return role === "support" || role === "admin" ? "/console" : "/dashboard";
}

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
      router.push(sameOriginPath(callbackUrl, window.location.origin, await homeOfSignedIn()));
      router.refresh();
    } else {
      setError(res?.error && res.error !== "CredentialsSignin" ? res.error : "Wrong email or password.");
    }
  }

  return (
    <AuthFormCard titleId="signin-title" title="Sign in" homeLink onSubmit={onSubmit}>
      <EmailField />
      <CurrentPasswordField label="Password" name="password" />
      <p className="-mt-3 text-right text-sm">
        <Link className="font-medium text-slate-700 underline" href="/forgot-password">
          Forgot password?
        </Link>
      </p>
      {error && <FormError>{error}</FormError>}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Link className="font-medium text-slate-900 underline" href="/signup">
          Create an account
        </Link>
      </p>
    </AuthFormCard>
  );
}
