import Link from "next/link";
import { getDb } from "@vgen/db";
import { resetLinkEmail } from "@vgen/engine/auth";
import { AuthMessageCard } from "@/components/ui/auth-card";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const email = typeof token === "string" && token.length <= 100 ? await resetLinkEmail(getDb(), token) : null;
  return (
    <main id="main" tabIndex={-1} className="outline-none grid min-h-screen place-items-center bg-slate-50 px-4">
      {email && typeof token === "string" ? (
        <ResetPasswordForm token={token} email={email} />
      ) : (
        <AuthMessageCard title="This link does not work">
          <p role="alert" className="text-sm text-slate-700">
            It is invalid, already used or expired. Reset links work once, for an hour.
          </p>
          <Link className="text-sm font-medium text-slate-900 underline" href="/forgot-password">
            Ask for a new link
          </Link>
        </AuthMessageCard>
      )}
    </main>
  );
}
