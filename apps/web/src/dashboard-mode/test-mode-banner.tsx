import { useTranslations } from "next-intl";

/** Shown on every dashboard page while the test-mode switch is on. */
export function TestModeBanner() {
  const t = useTranslations("testMode");
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <span className="font-semibold">{t("bannerTitle")}</span> {t("bannerBody")}
    </div>
  );
}
