import { AuthMain } from "@/components/ui/auth-card";
import { pageTitle } from "@/i18n/page-title";
import { SignUpForm } from "./sign-up-form";

export const generateMetadata = pageTitle("signUp");

export default function SignUpPage() {
  return (
    <AuthMain>
      <SignUpForm />
    </AuthMain>
  );
}
