import Stripe from "stripe";

/** The Stripe API client, only when STRIPE_SECRET_KEY is set (otherwise top-ups are bank transfers). */
export function stripeClient(): Stripe | null {
  const key = process.env.STRIPE_SECRET_KEY;
  return key ? new Stripe(key) : null;
}

export function stripeEnabled(): boolean {
  return !!process.env.STRIPE_SECRET_KEY;
}
