"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** Recovery codes, shown once: listed, copyable, and downloadable as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("security");
  const text = `${t("codesFile")}\n\n${codes.join("\n")}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <section className="space-y-4" aria-label={t("codesLabel")}>
      <p className="text-sm text-slate-700">{t("codesSave")}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a
          href={href}
          download="vgen-recovery-codes.txt"
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50"
        >
          {t("download")}
        </a>
        <CopyButton text={codes.join("\n")} label={t("copyCodes")} />
        <Button type="button" onClick={onDone}>
          {t("saved")}
        </Button>
      </div>
    </section>
  );
}
