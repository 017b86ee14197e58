import type { Db } from "@vgen/db";

/** Every catalog model's id in catalog order, disabled ones too (statistics can name them). */
export async function listModelIds(db: Db): Promise<string[]> {
  const models = await db.catalogModel.findMany({ select: { id: true }, orderBy: { sortOrder: "asc" } });
  return models.map((m) => m.id);
}
