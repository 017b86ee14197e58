"use client";

import { useTranslations } from "next-intl";
import { modeCookie } from "./mode";

/**
 * The dashboard's test-mode switch: sets the mode cookie and reloads the page, so every list (and
 * any request still in flight) is read again in the new mode, never mixed with the old one's cache.
 */
export function TestModeSwitch({ initialLivemode }: { initialLivemode: boolean }) {
  const t = useTranslations("testMode");
  const toggle = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads on every tRPC call
    document.cookie = modeCookie(!initialLivemode);
    window.location.reload();
  };
  return (
    <label className="mt-3 flex cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        role="switch"
        aria-checked={!initialLivemode}
        checked={!initialLivemode}
        onChange={toggle}
        className="h-4 w-4 accent-amber-600"
        data-testid="test-mode-switch"
      />
      {t("switch")}
    </label>
  );
}
