import Stripe from "stripe";
import { env } from "@vgen/config";

/** The Stripe API client, only when STRIPE_SECRET_KEY is set (otherwise top-ups are bank transfers). */
export function stripeClient(): Stripe | null {
  const key = env().STRIPE_SECRET_KEY;
  return key ? new Stripe(key) : null;
}

export function stripeEnabled(): boolean {
  return !!env().STRIPE_SECRET_KEY;
}
