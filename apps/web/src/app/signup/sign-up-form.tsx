"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { AuthFormCard } from "@/components/ui/auth-card";
import { Button } from "@/components/ui/button";
import { EmailField, NewPasswordField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { SignUpInput } from "@/server/routers/account/signUp.schema";
import { useTRPC } from "@/trpc/client";
import { rememberIssuedKey } from "../dashboard/api-keys/session-key";

export function SignUpForm() {
  const t = useTranslations("auth");
  const trpc = useTRPC();
  const router = useRouter();
  const [checkEmail, setCheckEmail] = useState(false);
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const form = useSchemaForm(SignUpInput, { defaultValues: { name: "", email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);

  const onSubmit = form.handleSubmit(async ({ email, password, name }) => {
    try {
      const { testKey } = await signUp.mutateAsync({ email, password, name: name || undefined });
      // The account's first test key, for the quick start to reveal once and fill into its samples.
      if (testKey) rememberIssuedKey({ ...testKey, fresh: true });
    } catch (error) {
      showServerErrors(error);
      return;
    }
    // Sign-up answers alike for a taken address (its owner is emailed); only a new account signs in here.
    const signedIn = await signIn("credentials", { email, password, redirect: false });
    if (!signedIn?.ok || signedIn.error) {
      setCheckEmail(true);
      return;
    }
    router.push("/dashboard");
    router.refresh();
  });

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
    <AuthFormCard titleId="signup-title" title={t("createTitle")} homeLink onSubmit={onSubmit}>
      <TextField label={t("name")} autoComplete="name" error={errors.name?.message} {...form.register("name")} />
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <NewPasswordField label={t("password")} error={errors.password?.message} {...form.register("password")} />
      {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("creating") : t("create")}
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
