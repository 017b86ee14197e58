"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useApiErrorText } from "@/i18n/api-error";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/trpc/client";

/** Until the owner opens the verification link, the dashboard says so and offers a new link. */
export function VerifyEmailBanner() {
  const t = useTranslations("verifyEmail");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const resend = useMutation(trpc.account.resendVerification.mutationOptions());
  if (!me.data || me.data.emailVerified) return null;
  return (
    <div
      role="status"
      data-testid="verify-email-banner"
      className="mb-6 flex flex-col gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-medium">{t("title")}</p>
        <p>{t("body", { email: me.data.email })}</p>
        {resend.isSuccess && <p className="mt-1 font-medium">{t("sent")}</p>}
        {resend.error && (
          <p role="alert" className="mt-1 font-medium text-red-800">
            {errorText(resend.error)}
          </p>
        )}
      </div>
      <Button type="button" variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? t("sending") : t("resend")}
      </Button>
    </div>
  );
}
