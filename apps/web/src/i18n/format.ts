import { formatUsd } from "@vgen/contracts";
import { useTranslations } from "next-intl";

/** "$0.050 / s" in English, "$0.050 / сек" in Russian: a price per second for people, 3 decimals. */
export function usePricePerSecond(): (micros: bigint) => string {
  const t = useTranslations("units");
  return (micros) => t("pricePerSecond", { price: formatUsd(micros) });
}
