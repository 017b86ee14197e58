-- One audit log for staff and customers: who acted (kind, id, email at the time, address).
CREATE TYPE "AuditActorKind" AS ENUM ('staff', 'member', 'system');

ALTER TABLE "audit_logs"
  ADD COLUMN "actor_kind" "AuditActorKind" NOT NULL DEFAULT 'staff',
  ADD COLUMN "actor_email" TEXT,
  ADD COLUMN "ip" TEXT,
  ALTER COLUMN "actor_id" DROP NOT NULL;

-- Existing rows are staff actions: keep the actor's address as it is today.
UPDATE "audit_logs" l SET "actor_email" = a."email" FROM "accounts" a WHERE a."id" = l."actor_id";

CREATE INDEX "audit_logs_target_account_id_actor_kind_created_at_id_idx"
  ON "audit_logs" ("target_account_id", "actor_kind", "created_at" DESC, "id" DESC);
