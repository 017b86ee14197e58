import type { CatalogModel } from "@vgen/db";
import { BASE_URL, db, newAccount } from "./fixtures";

/**
 * Runs a test that edits a seeded catalog model, then puts the model back and waits until every web
 * process serves it as before. Web processes cache the catalog for up to a second after a direct
 * database write, and the suite that runs next bills and shows the seeded prices.
 */
export async function withCatalogEdit<T>(
  modelId: string,
  test: (before: CatalogModel) => Promise<T>,
  bases: string[] = [BASE_URL],
): Promise<T> {
  const before = await db().catalogModel.findUniqueOrThrow({ where: { id: modelId } });
  const probe = await newAccount();
  const served = () =>
    Promise.all(
      bases.map(async (base) => {
        const res = await fetch(`${base}/api/v1/models`, { headers: { authorization: `Bearer ${probe.key}` } });
        const models = (await res.json()).data as { id: string }[];
        return JSON.stringify(models.find((m) => m.id === modelId));
      }),
    );
  const seeded = (await served())[0];
  const putBack = async () => {
    const { id, createdAt, updatedAt, ...fields } = before;
    await db().catalogModel.update({ where: { id }, data: fields });
    const deadline = Date.now() + 10_000;
    while (!(await served()).every((s) => s === seeded)) {
      if (Date.now() > deadline) throw new Error(`${modelId} is still served edited 10 s after it was put back`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  let result: T;
  try {
    result = await test(before);
  } catch (err) {
    // The test's own failure is the one to report.
    await putBack().catch(() => {});
    throw err;
  }
  await putBack();
  return result;
}
