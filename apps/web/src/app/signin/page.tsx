import { Suspense } from "react";
import { SignInForm } from "./sign-in-form";

export const metadata = { title: "Sign in" };

export default function SignInPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none grid min-h-screen place-items-center bg-slate-50 px-4">
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
