import { Prisma } from "./generated/prisma/client";

/**
 * SQL condition on `generations`: the row is a clip made for a request, not a concatenation of
 * clips (POST /api/v1/videos/concat, made in a moment and billed nothing). Usage statistics, the
 * status page's success ratio and the ETA's processing times count only these. It is evaluated on
 * generations_account_id_created_at_id_idx alone, which carries concat_of.
 */
export const NOT_A_CONCATENATION = Prisma.sql`coalesce(cardinality(concat_of), 0) = 0`;
