import { AuthMain } from "@/components/ui/auth-card";
import { Suspense } from "react";
import { pageTitle } from "@/i18n/page-title";
import { SsoFinish } from "./sso-finish";

export const generateMetadata = pageTitle("signIn");

export default function SsoFinishPage() {
  return (
    <AuthMain>
      <Suspense>
        <SsoFinish />
      </Suspense>
    </AuthMain>
  );
}
