-- Seeds span the providers' range 0..2^32-1 (Veo's `seed` is a uint32): int4 cannot hold the upper half.
ALTER TABLE "generations" ALTER COLUMN "seed" SET DATA TYPE BIGINT;
ALTER TABLE "generations" ADD COLUMN "negative_prompt" TEXT;
ALTER TABLE "generations" ADD COLUMN "generate_audio" BOOLEAN NOT NULL DEFAULT false;
-- Whether the delivered MP4 has a sound track; null until an output is stored (and for outputs older than this column).
ALTER TABLE "generations" ADD COLUMN "has_audio" BOOLEAN;

ALTER TABLE "catalog_models" ADD COLUMN "supports_audio" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "catalog_models" ADD COLUMN "audio_default" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "catalog_models" ADD COLUMN "audio_price_micros_per_second" BIGINT;

-- The seeded Veo 3.1-class models make sound on request (as packages/db/src/seed.ts now creates them);
-- off by default, so clips and bills of existing clients do not change unasked.
UPDATE "catalog_models" SET "supports_audio" = true WHERE "id" IN ('gen-3.1-pro', 'gen-3-1080', 'gen-3.1-fast');
