-- Projects (docs/api.md#projects): an organization's keys belong to a project, which has its own
-- monthly spend cap, rate-limit share, allowed models and webhook endpoints. What exists today moves
-- into each organization's "Default project": nothing changes for existing keys.

-- A new id in the form newId() issues (`proj_` + 22 base58 characters). Project ids are not secrets;
-- the bytes come from gen_random_uuid() hashed so the UUID's fixed version bits carry no weight.
CREATE FUNCTION vgen_new_id(prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT prefix || '_' || string_agg(
    substr('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 1 + get_byte(h.b, i) % 58, 1), '' ORDER BY i)
  FROM (SELECT sha256(uuid_send(gen_random_uuid())) AS b) AS h, generate_series(0, 21) AS i
$$;

-- CreateTable
CREATE TABLE "projects" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "monthly_spend_cap_micros" BIGINT,
    "rate_limit_share" INTEGER NOT NULL DEFAULT 100,
    "allowed_models" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "archived_at" TIMESTAMP(3),

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- A share of the organization's request rate, in percent: never more than the organization's.
ALTER TABLE "projects" ADD CONSTRAINT "projects_rate_limit_share_check" CHECK ("rate_limit_share" BETWEEN 1 AND 100);

-- CreateIndex
CREATE INDEX "projects_account_id_idx" ON "projects"("account_id");

-- One default project per organization (the one keys and playground generations fall back to).
CREATE UNIQUE INDEX "projects_one_default_per_account" ON "projects"("account_id") WHERE "is_default";

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "projects" ("id", "account_id", "name", "is_default")
SELECT vgen_new_id('proj'), "id", 'Default project', true FROM "accounts";

-- Every account made from now on gets its default project too, whichever path creates it.
CREATE FUNCTION accounts_default_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "projects" ("id", "account_id", "name", "is_default") VALUES (vgen_new_id('proj'), NEW."id", 'Default project', true);
  RETURN NEW;
END $$;

CREATE TRIGGER accounts_default_project AFTER INSERT ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION accounts_default_project();

-- Keys: every existing key moves to its organization's default project.
ALTER TABLE "api_keys" ADD COLUMN "project_id" TEXT;
UPDATE "api_keys" k SET "project_id" = p."id" FROM "projects" p WHERE p."account_id" = k."account_id" AND p."is_default";
ALTER TABLE "api_keys" ALTER COLUMN "project_id" SET NOT NULL;
CREATE INDEX "api_keys_project_id_idx" ON "api_keys"("project_id");
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- Generations: the project of the key they came with, else (the playground's) the default project.
ALTER TABLE "generations" ADD COLUMN "project_id" TEXT;
UPDATE "generations" g SET "project_id" = COALESCE(
  (SELECT k."project_id" FROM "api_keys" k WHERE k."id" = g."api_key_id"),
  (SELECT p."id" FROM "projects" p WHERE p."account_id" = g."account_id" AND p."is_default"));
ALTER TABLE "generations" ALTER COLUMN "project_id" SET NOT NULL;
CREATE INDEX "generations_project_id_created_at_idx" ON "generations"("project_id", "created_at");
ALTER TABLE "generations" ADD CONSTRAINT "generations_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- A key or generation inserted without a project (ops scripts, seeds, paths that predate projects)
-- takes its key's project, else its organization's default project, so the column is never guessed.
CREATE FUNCTION vgen_fill_key_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."project_id" IS NULL THEN
    SELECT p."id" INTO NEW."project_id" FROM "projects" p WHERE p."account_id" = NEW."account_id" AND p."is_default";
  END IF;
  RETURN NEW;
END $$;

-- Separate from the keys' function: PL/pgSQL fails on a field the row type lacks (api_keys has no api_key_id).
CREATE FUNCTION vgen_fill_generation_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."project_id" IS NULL AND NEW."api_key_id" IS NOT NULL THEN
    SELECT k."project_id" INTO NEW."project_id" FROM "api_keys" k WHERE k."id" = NEW."api_key_id";
  END IF;
  IF NEW."project_id" IS NULL THEN
    SELECT p."id" INTO NEW."project_id" FROM "projects" p WHERE p."account_id" = NEW."account_id" AND p."is_default";
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER api_keys_fill_project BEFORE INSERT ON "api_keys" FOR EACH ROW EXECUTE FUNCTION vgen_fill_key_project();
CREATE TRIGGER generations_fill_project BEFORE INSERT ON "generations" FOR EACH ROW EXECUTE FUNCTION vgen_fill_generation_project();

-- Webhook endpoints: null = every project of the organization (what every existing endpoint does).
ALTER TABLE "webhook_endpoints" ADD COLUMN "project_id" TEXT;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- The API caches keys with their project's restrictions: a project edit reaches every web process at once.
CREATE TRIGGER projects_cache AFTER UPDATE OR DELETE ON "projects" FOR EACH ROW
  EXECUTE FUNCTION vgen_cache_notify('account_id');
DROP TRIGGER api_keys_cache_update ON api_keys;
CREATE TRIGGER api_keys_cache_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.hash IS DISTINCT FROM NEW.hash
    OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.allowed_models IS DISTINCT FROM NEW.allowed_models
    OR OLD.read_only IS DISTINCT FROM NEW.read_only OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.monthly_spend_cap_micros IS DISTINCT FROM NEW.monthly_spend_cap_micros
    OR OLD.allowed_sources IS DISTINCT FROM NEW.allowed_sources OR OLD.project_id IS DISTINCT FROM NEW.project_id)
  EXECUTE FUNCTION vgen_cache_notify('account_id');
