"use client";

import { RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { ProblemPage } from "@/components/problem-page";

/**
 * An unexpected error while rendering a page (status 500). Next.js hides the message in production;
 * the digest it keeps is the id under which the server logged the error, so support can find it.
 * `retry` (not `reset`) fetches the page from the server again before re-rendering it.
 */
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const t = useTranslations("problemPage");
  return (
    <ProblemPage
      code="500"
      title={t("errorTitle")}
      text={t("errorText")}
      action={
        <button
          type="button"
          onClick={retry}
          className="inline-flex items-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          <RotateCw aria-hidden className="h-4 w-4" />
          {t("retry")}
        </button>
      }
    >
      {error.digest && (
        <p className="mt-4 text-sm text-slate-600">
          {t("reference")} <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{error.digest}</code>
        </p>
      )}
    </ProblemPage>
  );
}
