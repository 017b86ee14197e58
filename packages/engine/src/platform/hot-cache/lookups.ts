import type { CatalogModel, Db, ModelRoute, SubscriptionStatus } from "@vgen/db";
import { CachedLookup } from "./cached-lookup";

export interface SubscriptionState {
  status: SubscriptionStatus;
  capMicros: bigint | null;
}

const MINUTE = 60_000;

/** The enabled catalog, by model id. */
const enabledCatalog = new CachedLookup<Map<string, CatalogModel>>(
  async (db) => {
    const models = await db.catalogModel.findMany({ where: { enabled: true }, orderBy: { sortOrder: "asc" } });
    return new Map(models.map((m) => [m.id, m]));
  },
  { tables: ["catalog_models"], affected: () => true, maxEntries: 1, ttlMs: 10 * MINUTE, cacheMisses: false },
);

/** What acceptance needs to know of a model's enabled routes, in the order they are tried. */
export type ServingRoute = Pick<ModelRoute, "id" | "provider" | "upstreamModel" | "credentials">;

/** A model's enabled routes, by model id. */
export const routesByModel = new CachedLookup<ServingRoute[]>(
  (db, modelId) =>
    db.modelRoute.findMany({
      where: { modelId, enabled: true },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true, provider: true, upstreamModel: true, credentials: true },
    }),
  {
    tables: ["model_routes"],
    affected: (_table, modelId, key) => key === modelId,
    maxEntries: 10_000,
    ttlMs: 10 * MINUTE,
    cacheMisses: false,
  },
);

/** An account's subscription to a model, by `account:model`; absent rows are not remembered (the create path inserts them). */
export const subscriptionStates = new CachedLookup<SubscriptionState>(
  async (db, key) => {
    const [accountId, modelId] = key.split("\u0000") as [string, string];
    const row = await db.subscription.findUnique({
      where: { accountId_modelId: { accountId, modelId } },
      select: { status: true, monthlySpendCapMicros: true },
    });
    return row ? { status: row.status, capMicros: row.monthlySpendCapMicros } : null;
  },
  {
    tables: ["subscriptions"],
    affected: (_table, accountId, key) => key.startsWith(`${accountId}\u0000`),
    maxEntries: 100_000,
    ttlMs: 10 * MINUTE,
    cacheMisses: false,
  },
);

export function subscriptionKey(accountId: string, modelId: string): string {
  return `${accountId}\u0000${modelId}`;
}

export async function enabledModels(db: Db): Promise<Map<string, CatalogModel>> {
  return (await enabledCatalog.get(db, "all")) ?? new Map();
}

/** What the webhook fan-out needs of an enabled account endpoint (the secret is read at sending time). */
export interface EndpointTarget {
  id: string;
  url: string;
  events: string[];
  /** Only this project's events; null: every project's. */
  projectId: string | null;
}

/** An account's enabled webhook endpoints, by account id: read at every generation event of the account. */
export const endpointsByAccount = new CachedLookup<EndpointTarget[]>(
  (db, accountId) =>
    db.webhookEndpoint.findMany({
      where: { accountId, enabled: true },
      orderBy: { createdAt: "asc" },
      select: { id: true, url: true, events: true, projectId: true },
    }),
  {
    tables: ["webhook_endpoints", "accounts"],
    affected: (_table, accountId, key) => key === accountId,
    maxEntries: 100_000,
    ttlMs: 10 * MINUTE,
    cacheMisses: false,
  },
);
