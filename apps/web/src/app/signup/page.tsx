import { SignUpForm } from "./sign-up-form";

export const metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none grid min-h-screen place-items-center bg-slate-50 px-4">
      <SignUpForm />
    </main>
  );
}
