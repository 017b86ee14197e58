import { formatUtc } from "@/components/ui/utc-time";

/** A moment in the dashboard's form; "—" for none. */
export const when = (d: Date | string | null | undefined) => (d ? formatUtc(d) : "—");
