"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { modeCookie } from "./mode";

/** The dashboard's test-mode switch: sets the mode cookie, then every list is read again in the new mode. */
export function TestModeSwitch({ initialLivemode }: { initialLivemode: boolean }) {
  const t = useTranslations("testMode");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [livemode, setLivemode] = useState(initialLivemode);
  const toggle = async () => {
    const next = !livemode;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads on every tRPC call
    document.cookie = modeCookie(next);
    setLivemode(next);
    await queryClient.invalidateQueries();
    router.refresh();
  };
  return (
    <label className="mt-3 flex cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        role="switch"
        aria-checked={!livemode}
        checked={!livemode}
        onChange={() => void toggle()}
        className="h-4 w-4 accent-amber-600"
        data-testid="test-mode-switch"
      />
      {t("switch")}
    </label>
  );
}
