import { idSchema, ORG_ROLES } from "@vgen/contracts";
import { z } from "zod";

export const DomainIdInput = z.object({ id: idSchema("odom") });
/** A just-in-time member's role: anything but owner (owners are made by an owner's hand). */
export const DefaultRoleInput = z.enum(ORG_ROLES.filter((r) => r !== "owner") as ["admin", "developer", "billing", "viewer"]);
