import { z } from "zod";
import { formatAmount, parseUsd, TOP_UP_MAX_MICROS, TOP_UP_MIN_MICROS } from "@vgen/contracts";
import { rule } from "../../../i18n/validation";

/** Dollars and cents as typed: "25", "25.50" or "$25.5". */
const DOLLARS = /^\$?\d{1,7}(\.\d{1,2})?$/;

export const CreateTopUpInput = z.object({
  /** Dollars as typed, parsed without floats; within the top-up range the engine also checks. */
  amount: z
    .string()
    .trim()
    .refine((value) => DOLLARS.test(value), { ...rule("topUpAmount"), abort: true })
    .refine(
      (value) => parseUsd(value) >= TOP_UP_MIN_MICROS && parseUsd(value) <= TOP_UP_MAX_MICROS,
      rule("topUpRange", { min: formatAmount(TOP_UP_MIN_MICROS), max: formatAmount(TOP_UP_MAX_MICROS) }),
    ),
});
