import { formatAmount, formatUtc } from "@vgen/contracts";
import { useTranslations } from "next-intl";

/** The restriction columns of a key as the dashboard and the console list them. */
export interface KeyRestrictionFields {
  allowedModels: string[];
  readOnly: boolean;
  expiresAt: Date | string | null;
  monthlySpendCapMicros: bigint | null;
  allowedSources: string[];
  /** Shown next to the cap when known. */
  spentThisMonthMicros?: bigint | null;
}

/** One short phrase per restriction (docs/api.md#restricted-keys); empty for an unrestricted key. */
function restrictionPhrases(k: KeyRestrictionFields, t: ReturnType<typeof useTranslations<"keyRestrictions">>): string[] {
  const out: string[] = [];
  if (k.readOnly) out.push(t("readOnly"));
  if (k.allowedModels.length > 0) out.push(t("models", { models: k.allowedModels.join(", ") }));
  if (k.monthlySpendCapMicros !== null) {
    const amount = formatAmount(k.monthlySpendCapMicros);
    out.push(
      k.spentThisMonthMicros == null
        ? t("cap", { amount })
        : t("capUsed", { amount, used: formatAmount(k.spentThisMonthMicros) }),
    );
  }
  if (k.expiresAt) out.push(t("expires", { at: formatUtc(k.expiresAt) }));
  if (k.allowedSources.length > 0) out.push(t("from", { sources: k.allowedSources.join(", ") }));
  return out;
}

/** A key's restrictions in a line or two; "Unrestricted" when it has none. */
export function KeyRestrictionsSummary({ restrictions }: { restrictions: KeyRestrictionFields }) {
  const t = useTranslations("keyRestrictions");
  const phrases = restrictionPhrases(restrictions, t);
  if (phrases.length === 0) return <span className="text-slate-500">{t("unrestricted")}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("label")} data-testid="key-restrictions">
      {phrases.map((p) => (
        <li key={p} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs break-words text-slate-700">
          {p}
        </li>
      ))}
    </ul>
  );
}
