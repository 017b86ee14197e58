"use client";

import { useMutation } from "@tanstack/react-query";
import { fieldErrorsOf, useApiErrorText } from "@/i18n/api-error";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { EmailField, NewPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { rememberIssuedKey } from "../dashboard/api-keys/session-key";

export function SignUpForm() {
  const t = useTranslations("auth");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [checkEmail, setCheckEmail] = useState(false);
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const fieldErrors = fieldErrorsOf(signUp.error, "password");

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email"));
    const { testKey } = await signUp.mutateAsync({ email, password, name: String(form.get("name") || "") || undefined });
    // The account's first test key, for the quick start to reveal once and fill into its samples.
    if (testKey) rememberIssuedKey({ ...testKey, fresh: true });
    // Sign-up answers alike for a taken address (its owner is emailed); only a new account signs in here.
    const signedIn = await signIn("credentials", { email, password, redirect: false });
    if (!signedIn?.ok || signedIn.error) {
      setCheckEmail(true);
      return;
    }
    router.push("/dashboard");
    router.refresh();
  }

  if (checkEmail) {
    return (
      <AuthFormCard titleId="signup-title" title={t("createTitle")} homeLink onSubmit={(e) => e.preventDefault()}>
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {t("signUpCheckEmail")}
        </p>
      </AuthFormCard>
    );
  }

  return (
    <AuthFormCard titleId="signup-title" title={t("createTitle")} homeLink onSubmit={(e) => onSubmit(e).catch(() => {})}>
      <TextField label={t("name")} name="name" autoComplete="name" />
      <EmailField error={fieldErrors?.email} />
      <NewPasswordField
        label={t("password")}
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors?.password}
      />
      {signUp.error && !fieldErrors && <FormError>{errorText(signUp.error)}</FormError>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? t("creating") : t("create")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t.rich("haveAccount", {
          link: (chunks) => (
            <Link className="font-medium text-slate-900 underline" href="/signin">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </AuthFormCard>
  );
}
