import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * Newer / Older buttons over keyset pages: `cursors` holds the cursor of every page opened so far,
 * so "Newer" goes back one and "Older" follows the last page's `nextCursor`.
 */
export function CursorPager({
  label,
  page,
  nextCursor,
  loading,
  setCursors,
}: {
  label: string;
  page: number;
  nextCursor: string | null;
  loading: boolean;
  setCursors: (update: (cursors: (string | null)[]) => (string | null)[]) => void;
}) {
  const t = useTranslations("common");
  return (
    <nav className="mt-4 flex items-center justify-between gap-3" aria-label={label}>
      <Button type="button" variant="secondary" disabled={page === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
        {t("newer")}
      </Button>
      <span className="text-sm text-slate-600">{t("page", { page })}</span>
      <Button
        type="button"
        variant="secondary"
        disabled={!nextCursor || loading}
        onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
      >
        {t("older")}
      </Button>
    </nav>
  );
}
