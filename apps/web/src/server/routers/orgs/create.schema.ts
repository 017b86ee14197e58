import { z } from "zod";

/** Mirrors ORGANIZATION_NAME_MAX of the engine (checked there too): the form tells before a round trip. */
export const CreateOrganizationInput = z.object({ name: z.string().trim().min(1).max(80) });
