import { z } from "zod";

/** A threshold in dollars as typed ("10", "10.50", "$10.5"), or null to turn the alert off. */
const dollars = z
  .string()
  .trim()
  .regex(/^\$?\d{1,7}(\.\d{1,2})?$/, "Enter a dollar amount such as 10 or 10.50.")
  .nullable();

export const SetAlertsInput = z.object({ lowBalanceThreshold: dollars, monthlySpendThreshold: dollars });
