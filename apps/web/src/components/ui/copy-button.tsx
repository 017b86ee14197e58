"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "./button";

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const t = useTranslations("common");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      aria-live="polite"
    >
      {copied ? t("copied") : (label ?? t("copy"))}
    </Button>
  );
}
