import { AuthMain } from "@/components/ui/auth-card";
import { Suspense } from "react";
import { pageTitle } from "@/i18n/page-title";
import { SignInForm } from "./sign-in-form";

export const generateMetadata = pageTitle("signIn");

export default function SignInPage() {
  return (
    <AuthMain>
      <Suspense>
        <SignInForm />
      </Suspense>
    </AuthMain>
  );
}
