import { AuthMain } from "@/components/ui/auth-card";
import { pageTitle } from "@/i18n/page-title";
import { ForgotPasswordForm } from "./forgot-password-form";

export const generateMetadata = pageTitle("forgotPassword");

export default function ForgotPasswordPage() {
  return (
    <AuthMain>
      <ForgotPasswordForm />
    </AuthMain>
  );
}
