-- CreateEnum
CREATE TYPE "BreakerState" AS ENUM ('closed', 'open', 'half_open');

-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "delivered_ms" INTEGER,
ADD COLUMN     "late_success_at" TIMESTAMP(3),
ADD COLUMN     "outcome_unknown_since" TIMESTAMP(3),
ADD COLUMN     "reconcile_by" TIMESTAMP(3),
ADD COLUMN     "route_id" TEXT,
ADD COLUMN     "submit_intent_at" TIMESTAMP(3),
ADD COLUMN     "upstream_cost_micros" BIGINT,
ADD COLUMN     "waiting_since" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "model_routes" (
    "id" TEXT NOT NULL,
    "model_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "upstream_model" TEXT,
    "credentials" TEXT,
    "max_concurrency" INTEGER NOT NULL,
    "cost_micros_per_second" BIGINT NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "breaker_state" "BreakerState" NOT NULL DEFAULT 'closed',
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "breaker_retry_at" TIMESTAMP(3),
    "breaker_cooldown_ms" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "last_error_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "model_routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "route_attempts" (
    "id" TEXT NOT NULL,
    "generation_id" TEXT NOT NULL,
    "route_id" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMP(3),
    "upstream_id" TEXT,
    "ended_at" TIMESTAMP(3),
    "outcome" TEXT,
    "error_detail" TEXT,
    "delivered_ms" INTEGER,
    "upstream_cost_micros" BIGINT,

    CONSTRAINT "route_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "model_routes_model_id_position_idx" ON "model_routes"("model_id", "position");

-- CreateIndex
CREATE INDEX "route_attempts_generation_id_idx" ON "route_attempts"("generation_id");

-- CreateIndex
CREATE INDEX "route_attempts_route_id_started_at_idx" ON "route_attempts"("route_id", "started_at");

-- CreateIndex
CREATE INDEX "generations_route_id_status_idx" ON "generations"("route_id", "status");

-- AddForeignKey
ALTER TABLE "model_routes" ADD CONSTRAINT "model_routes_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "catalog_models"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "route_attempts" ADD CONSTRAINT "route_attempts_generation_id_fkey" FOREIGN KEY ("generation_id") REFERENCES "generations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "route_attempts" ADD CONSTRAINT "route_attempts_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "model_routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "generations" ADD CONSTRAINT "generations_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "model_routes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every model keeps what served it: the local renderer, or the Veo-style upstream named by its
-- former provider column (UPSTREAM_<NAME>_* credentials, upstream model = that name as before).
INSERT INTO "model_routes" ("id", "model_id", "position", "provider", "upstream_model", "credentials", "max_concurrency", "updated_at")
SELECT 'rte_' || substr(md5(random()::text || "id"), 1, 22),
       "id",
       CASE WHEN "provider" = 'local' THEN 100 ELSE 0 END,
       CASE WHEN "provider" = 'local' THEN 'local' ELSE 'veo' END,
       CASE WHEN "provider" = 'local' THEN NULL ELSE "provider" END,
       CASE WHEN "provider" = 'local' THEN NULL ELSE "provider" END,
       CASE WHEN "provider" = 'local' THEN 1000 ELSE 20 END,
       CURRENT_TIMESTAMP
FROM "catalog_models";

-- AlterTable
ALTER TABLE "catalog_models" DROP COLUMN "provider";

-- Routes decide at acceptance which requests a model can take: web processes cache them and drop
-- the cache when a route's serving fields change (not on breaker bookkeeping, which changes often).
CREATE TRIGGER model_routes_cache_insert_delete AFTER INSERT OR DELETE ON model_routes FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('model_id');
CREATE TRIGGER model_routes_cache_update AFTER UPDATE ON model_routes FOR EACH ROW
  WHEN (OLD.provider IS DISTINCT FROM NEW.provider OR OLD.upstream_model IS DISTINCT FROM NEW.upstream_model
        OR OLD.credentials IS DISTINCT FROM NEW.credentials OR OLD.enabled IS DISTINCT FROM NEW.enabled
        OR OLD.model_id IS DISTINCT FROM NEW.model_id)
  EXECUTE FUNCTION vgen_cache_notify('model_id');
