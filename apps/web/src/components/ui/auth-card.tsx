import Link from "next/link";
import type { FormEventHandler, ReactNode } from "react";
import { LanguageSwitcher } from "@/components/language-switcher";

/** The page of a signed-out form or message: the card centred, the language switcher in the corner. */
export function AuthMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="outline-none relative grid min-h-screen place-items-center bg-slate-50 px-4 py-14">
      <LanguageSwitcher className="absolute top-3 right-4" />
      {children}
    </main>
  );
}

const CARD = "w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm";

/**
 * The card of a signed-out page's form (sign in, sign up, password reset): its heading, which names
 * the form, then its fields. `homeLink` puts the "vgen" link to the home page above the heading.
 */
export function AuthFormCard({
  titleId,
  title,
  intro,
  homeLink = false,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  intro?: ReactNode;
  homeLink?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    // noValidate: the form's schema checks the fields and says what is wrong under each (react-hook-form).
    <form onSubmit={onSubmit} noValidate className={`${CARD} space-y-5`} aria-labelledby={titleId}>
      <div>
        {homeLink && (
          <Link href="/" className="text-sm font-semibold text-slate-500">
            vgen
          </Link>
        )}
        <h1 id={titleId} className={`${homeLink ? "mt-2 " : ""}text-2xl font-semibold tracking-tight`}>
          {title}
        </h1>
        {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      </div>
      {children}
    </form>
  );
}

/** The card of a signed-out page that only tells something: a password changed, a link that does not work. */
export function AuthMessageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${CARD} space-y-4`}>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
