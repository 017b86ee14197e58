"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "./button";
import { useToast } from "./toast";

/** Copies `text` (or what it fetches) and says so: on the button for a moment, and as a notice. */
export function CopyButton({ text, label }: { text: string | (() => Promise<string>); label?: string }) {
  const t = useTranslations("common");
  const notify = useToast();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={async () => {
        await navigator.clipboard.writeText(typeof text === "function" ? await text() : text);
        setCopied(true);
        notify(t("copiedToClipboard"));
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? t("copied") : (label ?? t("copy"))}
    </Button>
  );
}
