-- Restricted keys (docs/api.md#restricted-keys).
-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "allowed_models" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "allowed_sources" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "expires_at" TIMESTAMP(3),
ADD COLUMN     "monthly_spend_cap_micros" BIGINT,
ADD COLUMN     "read_only" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "generations_api_key_id_created_at_idx" ON "generations"("api_key_id", "created_at");

-- The API caches keys with their restrictions: an edit must reach every web process at once, like
-- a revocation (migration hot_path).
DROP TRIGGER api_keys_cache_update ON api_keys;
CREATE TRIGGER api_keys_cache_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.hash IS DISTINCT FROM NEW.hash
    OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.allowed_models IS DISTINCT FROM NEW.allowed_models
    OR OLD.read_only IS DISTINCT FROM NEW.read_only OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.monthly_spend_cap_micros IS DISTINCT FROM NEW.monthly_spend_cap_micros
    OR OLD.allowed_sources IS DISTINCT FROM NEW.allowed_sources)
  EXECUTE FUNCTION vgen_cache_notify('account_id');
