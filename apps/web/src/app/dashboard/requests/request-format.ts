/** How the request log writes its values, shared by the list and the detail page. */
import { API_ROUTE_TEMPLATES } from "@vgen/contracts";

/** The operation filter's choices: each path of the route table once, as the metric labels name it. */
export const OPERATION_OPTIONS = API_ROUTE_TEMPLATES.map((value) => ({ value, label: value.replace("/api/v1", "") }));

export function statusTone(status: number): "green" | "amber" | "red" | "gray" {
  if (status >= 500) return "red";
  if (status >= 400) return "amber";
  if (status >= 200 && status < 300) return "green";
  return "gray";
}

/** A key's label: its name and prefix, and whether it was revoked (`revokedSuffix`, in the page's language). */
export function keyLabel(key: { name: string; prefix: string; revokedAt: Date | null }, revokedSuffix: string): string {
  return `${key.name} (${key.prefix}…)${key.revokedAt ? revokedSuffix : ""}`;
}
