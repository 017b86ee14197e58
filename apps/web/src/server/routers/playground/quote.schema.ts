import { PlaygroundCreateInput } from "./create.schema";

/** What playground.quote prices: the create's values, without a quote of their own. */
export const PlaygroundQuoteInput = PlaygroundCreateInput.omit({ quoteId: true });
