import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata = { title: "Reset your password" };

export default function ForgotPasswordPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none grid min-h-screen place-items-center bg-slate-50 px-4">
      <ForgotPasswordForm />
    </main>
  );
}
