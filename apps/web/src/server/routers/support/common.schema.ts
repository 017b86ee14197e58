import { z } from "zod";

export const Id = z.string().trim().min(3).max(100);
/** Required wherever money moves or access changes; kept in the audit row. */
export const Reason = z.string().trim().min(3, "Give a reason (at least 3 characters).").max(500);
/** Dollars as typed ("5", "5.50", "$5.5"); parsed to micro-dollars without floats. */
export const Dollars = z
  .string()
  .trim()
  .regex(/^\$?\d{1,7}(\.\d{1,6})?$/, "Enter a dollar amount such as 5 or 5.50.");
export const SignedDollars = z
  .string()
  .trim()
  .regex(/^[-+]?\$?\d{1,7}(\.\d{1,6})?$/, "Enter an amount such as 5.00 or -2.50.");
export const Paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
export const Int = (min: number, max: number) => z.number("Enter a whole number.").int("Enter a whole number.").min(min).max(max);
/** Kept in the audit row when given. */
export const OptionalReason = z.string().trim().max(500).optional();
/** What the user reads about their test balance request. */
export const TestBalanceResponse = z.string().trim().min(1, "Write a response for the user.").max(2000);
/** A provider route's fields as the form sends them; the engine checks them against the providers it knows. */
export const RouteFields = {
  provider: z.string().trim().min(1).max(40),
  upstreamModel: z.string().trim().max(200).nullish(),
  credentials: z.string().trim().max(40).nullish(),
  maxConcurrency: Int(1, 10_000),
  /** Dollars per delivered second the upstream charges, parsed with parseUsd. */
  cost: Dollars,
  position: Int(0, 10_000),
  enabled: z.boolean(),
};
