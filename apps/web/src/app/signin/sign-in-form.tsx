"use client";

import Link from "next/link";
import { getSession, signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { sameOriginPath } from "@vgen/contracts";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { CurrentPasswordField, EmailField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";

/** The server's answer when the password was right and a two-factor code is still needed (options.ts). */
const TWO_FACTOR_REQUIRED = "two_factor_required";

/** Where a sign-in without a page to return to lands: staff on the support console, others on their dashboard. */
async function homeOfSignedIn(): Promise<string> {
  const session = await getSession();
  const role = session?.user.role;
  return role === "support" || role === "admin" ? "/console" : "/dashboard";
}

/**
 * Email and password, then, for an account with two-factor sign-in, a second step asking for a
 * code. The password is kept in this form's memory and sent again with the code: the server opens a
 * session only for a request that carries both.
 */
export function SignInForm() {
  const t = useTranslations("auth");
  const router = useRouter();
  const params = useSearchParams();
  const callbackUrl = params.get("callbackUrl");
  const [error, setError] = useState<string | null>(params.get("error") === "TwoFactorRequired" ? t("twoFactorRequired") : null);
  const [pending, setPending] = useState(false);
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);

  async function attempt(email: string, password: string, code?: string) {
    setPending(true);
    setError(null);
    const res = await signIn("credentials", { email, password, ...(code ? { code } : {}), redirect: false });
    setPending(false);
    if (res?.ok) {
      router.push(sameOriginPath(callbackUrl, window.location.origin, await homeOfSignedIn()));
      router.refresh();
    } else if (res?.error === TWO_FACTOR_REQUIRED) {
      setCredentials({ email, password });
    } else {
      setError(res?.error && res.error !== "CredentialsSignin" ? res.error : t("wrongCredentials"));
      // A wrong password on the code step (changed meanwhile) starts over.
      if (!res?.error || res.error === "CredentialsSignin") setCredentials(null);
    }
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (credentials) void attempt(credentials.email, credentials.password, String(form.get("code") ?? ""));
    else void attempt(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
  }

  if (credentials) {
    return (
      <AuthFormCard titleId="signin-title" title={t("twoFactorTitle")} intro={t("twoFactorIntro")} homeLink onSubmit={onSubmit}>
        <TextField
          key="code"
          label={t("code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={20}
          hint={t("codeHint")}
        />
        {error && <FormError>{error}</FormError>}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t("checking") : t("verify")}
        </Button>
        <p className="text-center text-sm">
          <button type="button" className="font-medium text-slate-700 underline" onClick={() => setCredentials(null)}>
            {t("otherAccount")}
          </button>
        </p>
      </AuthFormCard>
    );
  }

  return (
    <AuthFormCard titleId="signin-title" title={t("signIn")} homeLink onSubmit={onSubmit}>
      <EmailField />
      <CurrentPasswordField label={t("password")} name="password" />
      <p className="-mt-3 text-right text-sm">
        <Link className="font-medium text-slate-700 underline" href="/forgot-password">
          {t("forgot")}
        </Link>
      </p>
      {error && <FormError>{error}</FormError>}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("signingIn") : t("signInButton")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t.rich("newHere", {
          link: (chunks) => (
            <Link className="font-medium text-slate-900 underline" href="/signup">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </AuthFormCard>
  );
}
