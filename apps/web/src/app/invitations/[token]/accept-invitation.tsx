"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/states";
import { useApiErrorText } from "@/i18n/api-error";
import { useTRPC } from "@/trpc/client";

/** Accepts for the signed-in person; the dashboard then acts for the organization joined. */
export function AcceptInvitation({ token, signedInAs }: { token: string; signedInAs: string }) {
  const t = useTranslations("orgs");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const router = useRouter();
  const accept = useMutation(trpc.orgs.accept.mutationOptions({ onSuccess: () => router.push("/dashboard/members") }));
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t("signedInAs", { email: signedInAs })}</p>
      {accept.error && <FormError>{errorText(accept.error)}</FormError>}
      <Button onClick={() => accept.mutate({ token })} disabled={accept.isPending || accept.isSuccess}>
        {t("accept")}
      </Button>
    </div>
  );
}
