import { API_OPERATIONS, type ApiPath } from "@vgen/contracts";
import { HEAD_REFUSED, OPERATION_HANDLERS } from "../api/operations";
import { methodNotAllowed } from "./with-public";

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
type NextHandler = (req: Request, route: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

/**
 * The method exports of the route file of `path` under app/api/v1: the route table's handlers of
 * its operations, and a JSON 405 for every other method. HEAD is left to Next.js (it answers it
 * as the GET export) unless the operation refuses it.
 */
export function nextRoute(path: ApiPath): Partial<Record<Method, NextHandler>> {
  const operations = API_OPERATIONS.filter((op) => op.path === path);
  const refused = methodNotAllowed(...operations.map((op) => op.method).sort());
  const handlers: Partial<Record<Method, NextHandler>> = { ...refused };
  if (!operations.some((op) => HEAD_REFUSED.has(op.id))) delete handlers.HEAD;
  // The handler's params are its path's (OPERATION_HANDLERS' type); Next.js passes exactly those.
  for (const op of operations) handlers[op.method] = OPERATION_HANDLERS[op.id] as NextHandler;
  return handlers;
}
