"use client";

import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { sameOriginPath } from "@vgen/contracts";
import { AuthMessageCard } from "@/components/ui/auth-card";
import { Spinner } from "@/components/ui/states";

/**
 * The last step of single sign-on: the callback left a one-use ticket in an httpOnly cookie; next-auth's
 * "sso" provider redeems it and opens the session the way a password sign-in does.
 */
export function SsoFinish() {
  const t = useTranslations("auth");
  const router = useRouter();
  const params = useSearchParams();
  // Strict mode runs effects twice in development; the ticket is single-use, so one attempt only.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const callbackUrl = params.get("callbackUrl");
    void signIn("sso", { redirect: false }).then((res) => {
      if (res?.ok) {
        router.replace(sameOriginPath(callbackUrl, window.location.origin, "/dashboard"));
        router.refresh();
      } else {
        router.replace("/signin?error=SsoTicketGone");
      }
    });
  }, [params, router]);

  return (
    <AuthMessageCard title={t("ssoFinishing")}>
      <Spinner label={t("ssoFinishing")} />
    </AuthMessageCard>
  );
}
