// Account webhook endpoints (docs/api.md#webhook-endpoints): the dashboard's add, edit, disable,
// delete and secret roll. Every change fires the webhook_endpoints trigger, which drops the
// account's entry in every process's endpoint cache (platform/hot-cache/lookups.ts).
import { ApiError, type EndpointEvent } from "@vgen/contracts";
import { newId, type Db, type WebhookEndpoint } from "@vgen/db";
import { newWebhookSecret } from "./signing-secret";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { assertUrlAllowed } from "../net";
import { resolveProjectId } from "../projects";

/** Fan-out is per event and endpoint: a bound keeps one generation's events bounded too. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;

/** An endpoint as the dashboard shows it: the secret is only ever returned by create and roll. */
export type EndpointView = Omit<WebhookEndpoint, "secret">;

const VIEW = {
  id: true,
  accountId: true,
  projectId: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  pausedAt: true,
  probeAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export class WebhookEndpointNotFoundError extends ApiError {
  constructor(id: string) {
    super("resource_not_found", `No webhook endpoint '${id}' for this account.`, "id");
    this.name = "WebhookEndpointNotFoundError";
  }
}

export interface EndpointFields {
  url: string;
  description: string;
  events: EndpointEvent[];
  /** Only this project's events (a live project of the account); null or absent: every project's. */
  projectId?: string | null;
}

/** Another account's (or an archived) project is refused like a missing one, before the URL is looked at. */
async function checkProject(db: Db, accountId: string, projectId: string | null | undefined) {
  if (projectId) await resolveProjectId(db, accountId, projectId);
}

/** Adds an endpoint (enabled); its URL must pass the SSRF URL policy. Returns it with its new secret. */
export async function createEndpoint(db: Db, accountId: string, fields: EndpointFields, actor?: MemberActor) {
  await checkProject(db, accountId, fields.projectId);
  await assertUrlAllowed(fields.url, "url");
  const count = await db.webhookEndpoint.count({ where: { accountId } });
  if (count >= MAX_ENDPOINTS_PER_ACCOUNT) {
    throw new ApiError("webhook_endpoint_limit", `An account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints.`);
  }
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({ data: { id: newId("whe"), accountId, ...fields, secret }, select: VIEW });
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "webhook_endpoint.created",
        targetId: created.id,
        details: { ...fields },
      });
    return created;
  });
  return { endpoint, secret };
}

/** Changes an endpoint's URL, description, events or enabled flag. */
export async function updateEndpoint(
  db: Db,
  accountId: string,
  id: string,
  patch: Partial<EndpointFields> & { enabled?: boolean },
  actor?: MemberActor,
): Promise<EndpointView> {
  await getEndpoint(db, accountId, id); // another account's endpoint is refused before its URL is looked at
  await checkProject(db, accountId, patch.projectId);
  if (patch.url !== undefined) await assertUrlAllowed(patch.url, "url");
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id, accountId }, data: patch });
    if (count === 0) throw new WebhookEndpointNotFoundError(id);
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "webhook_endpoint.updated",
        targetId: id,
        details: { ...patch },
      });
  });
  return getEndpoint(db, accountId, id);
}

/** Deletes an endpoint and its delivery log; queued attempts to it find nothing to send. */
export async function deleteEndpoint(db: Db, accountId: string, id: string, actor?: MemberActor): Promise<void> {
  await db.$transaction(async (tx) => {
    const gone = await tx.webhookEndpoint.findFirst({ where: { id, accountId }, select: { url: true } });
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id, accountId } });
    if (!gone || count === 0) throw new WebhookEndpointNotFoundError(id);
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "webhook_endpoint.deleted",
        targetId: id,
        details: { url: gone.url },
      });
  });
}

/** A new signing secret for one endpoint; every attempt from now on, retries included, uses it. */
export async function rollEndpointSecret(db: Db, accountId: string, id: string, actor?: MemberActor): Promise<string> {
  const secret = newWebhookSecret();
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id, accountId }, data: { secret } });
    if (count === 0) throw new WebhookEndpointNotFoundError(id);
    if (actor) await writeMemberAuditRow(tx, actor, { accountId, action: "webhook_endpoint.secret_rolled", targetId: id });
  });
  return secret;
}

export async function getEndpoint(db: Db, accountId: string, id: string): Promise<EndpointView> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, accountId }, select: VIEW });
  if (!endpoint) throw new WebhookEndpointNotFoundError(id);
  return endpoint;
}

/** The account's endpoints, oldest first (there are at most MAX_ENDPOINTS_PER_ACCOUNT). */
export function listEndpoints(db: Db, accountId: string): Promise<EndpointView[]> {
  return db.webhookEndpoint.findMany({ where: { accountId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: VIEW });
}
