-- Several outputs per request (`n`): every output, the first included, lives in `generations.outputs`
-- (docs/architecture.md#outputs); the per-generation output columns move into it and are dropped.
ALTER TABLE "catalog_models" ADD COLUMN "max_outputs" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "catalog_models" ADD CONSTRAINT "catalog_models_max_outputs_range" CHECK ("max_outputs" BETWEEN 1 AND 4);
-- Vertex Veo returns up to 4 videos per request (`sampleCount`): the seeded Veo 3.1-class models allow it.
UPDATE "catalog_models" SET "max_outputs" = 4 WHERE "id" IN ('gen-3.1-pro', 'gen-3-1080', 'gen-3.1-fast');

ALTER TABLE "generations" ADD COLUMN "n" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "generations" ADD CONSTRAINT "generations_n_range" CHECK ("n" BETWEEN 1 AND 4);
ALTER TABLE "generations" ADD COLUMN "outputs" JSONB NOT NULL DEFAULT '[]';

-- A stored output becomes the first entry; a generation still processing stores its outputs anew.
UPDATE "generations"
   SET "outputs" = jsonb_build_array(jsonb_build_object(
         'index', 0, 'key', "output_key", 'poster_key', "poster_key",
         'delivered_ms', "delivered_ms", 'has_audio', COALESCE("has_audio", false)))
 WHERE "output_key" IS NOT NULL;

ALTER TABLE "generations" DROP COLUMN "delivered_ms",
DROP COLUMN "has_audio",
DROP COLUMN "output_key",
DROP COLUMN "poster_key";
