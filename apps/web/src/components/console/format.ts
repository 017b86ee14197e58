import { formatUtc } from "@vgen/contracts";

/** A moment in the dashboard's form; "—" for none. */
export const when = (d: Date | string | null | undefined) => (d ? formatUtc(d) : "—");
