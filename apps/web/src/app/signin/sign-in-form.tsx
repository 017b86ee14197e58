"use client";

import Link from "next/link";
import { getSession, signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { sameOriginPath } from "@vgen/contracts";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { CurrentPasswordField, EmailField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { SignInCodeInput, SignInInput } from "@/server/auth/sign-in.schema";

/** The server's answer when the password was right and a two-factor code is still needed (options.ts). */
const TWO_FACTOR_REQUIRED = "two_factor_required";

/** What /api/auth/sso/start and /callback put in `error` when they send the browser back here. */
const SSO_ERRORS = {
  SsoUnavailable: "ssoUnavailable",
  SsoFailed: "ssoFailed",
  SsoRateLimited: "ssoRateLimited",
  SsoSuspended: "ssoSuspended",
  SsoTicketGone: "ssoTicketGone",
} as const;

/** Why the server refused a right-looking sign-in (options.ts throws the reason, which next-auth hands back as `error`). */
const REFUSALS = ["locked", "suspended", "code_invalid", "code_locked", "sso_required"] as const;
const isRefusal = (error: string): error is (typeof REFUSALS)[number] => (REFUSALS as readonly string[]).includes(error);

function initialError(code: string | null): keyof typeof SSO_ERRORS | "TwoFactorRequired" | null {
  return code === "TwoFactorRequired" || (code !== null && code in SSO_ERRORS) ? (code as keyof typeof SSO_ERRORS) : null;
}

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
  const shown = initialError(params.get("error"));
  const [error, setError] = useState<string | null>(
    shown === "TwoFactorRequired" ? t("twoFactorRequired") : shown ? t(SSO_ERRORS[shown]) : null,
  );
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);

  async function attempt(email: string, password: string, code?: string) {
    setError(null);
    const res = await signIn("credentials", { email, password, ...(code ? { code } : {}), redirect: false });
    if (res?.ok) {
      router.push(sameOriginPath(callbackUrl, window.location.origin, await homeOfSignedIn()));
      router.refresh();
    } else if (res?.error === TWO_FACTOR_REQUIRED) {
      setCredentials({ email, password });
    } else {
      setError(res?.error && isRefusal(res.error) ? t(`refused.${res.error}`) : t("wrongCredentials"));
      // A wrong password on the code step (changed meanwhile) starts over.
      if (!res?.error || res.error === "CredentialsSignin") setCredentials(null);
    }
  }

  const passwordStep = useSchemaForm(SignInInput, { defaultValues: { email: params.get("email") ?? "", password: "" } });
  const codeStep = useSchemaForm(SignInCodeInput, { defaultValues: { code: "" } });
  const onPassword = passwordStep.handleSubmit(({ email, password }) => attempt(email, password));
  const onCode = codeStep.handleSubmit(({ code }) =>
    credentials ? attempt(credentials.email, credentials.password, code) : undefined,
  );

  if (credentials) {
    const { errors, isSubmitting } = codeStep.formState;
    return (
      <AuthFormCard titleId="signin-title" title={t("twoFactorTitle")} intro={t("twoFactorIntro")} homeLink onSubmit={onCode}>
        <TextField
          key="code"
          label={t("code")}
          error={errors.code?.message}
          {...codeStep.register("code")}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={20}
          hint={t("codeHint")}
        />
        {error && <FormError>{error}</FormError>}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t("checking") : t("verify")}
        </Button>
        <p className="text-center text-sm">
          <button type="button" className="font-medium text-slate-700 underline" onClick={() => setCredentials(null)}>
            {t("otherAccount")}
          </button>
        </p>
      </AuthFormCard>
    );
  }

  /** Single sign-on needs only the email: its domain names the organization and its identity provider. */
  function continueWithSso() {
    const email = passwordStep.getValues("email").trim();
    if (!email.includes("@")) {
      setError(t("ssoNeedsEmail"));
      return;
    }
    const url = new URL("/api/auth/sso/start", window.location.origin);
    url.searchParams.set("email", email);
    if (callbackUrl) url.searchParams.set("callbackUrl", callbackUrl);
    window.location.assign(url.toString());
  }

  const { errors, isSubmitting } = passwordStep.formState;
  return (
    <AuthFormCard titleId="signin-title" title={t("signIn")} homeLink onSubmit={onPassword}>
      <EmailField error={errors.email?.message} {...passwordStep.register("email")} />
      <CurrentPasswordField label={t("password")} error={errors.password?.message} {...passwordStep.register("password")} />
      <p className="-mt-3 text-right text-sm">
        <Link className="font-medium text-slate-700 underline" href="/forgot-password">
          {t("forgot")}
        </Link>
      </p>
      {error && <FormError>{error}</FormError>}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("signingIn") : t("signInButton")}
      </Button>
      <Button type="button" variant="secondary" className="w-full" onClick={continueWithSso}>
        {t("ssoButton")}
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
