-- CreateEnum
CREATE TYPE "OrgRole" AS ENUM ('owner', 'admin', 'developer', 'billing', 'viewer');

-- AlterEnum
ALTER TYPE "MailKind" ADD VALUE 'org_invitation';

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "created_by_id" TEXT;

-- AlterTable
ALTER TABLE "auth_sessions" ADD COLUMN     "active_account_id" TEXT;

-- CreateTable
CREATE TABLE "memberships" (
    "account_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "role" "OrgRole" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("account_id","member_id")
);

-- CreateTable
CREATE TABLE "org_invitations" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "OrgRole" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "accepted_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "org_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "memberships_member_id_idx" ON "memberships"("member_id");

-- CreateIndex
CREATE UNIQUE INDEX "org_invitations_token_hash_key" ON "org_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "org_invitations_account_id_idx" ON "org_invitations"("account_id");

-- CreateIndex
CREATE INDEX "auth_sessions_active_account_id_idx" ON "auth_sessions"("active_account_id");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_active_account_id_fkey" FOREIGN KEY ("active_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every existing account is the owner of its personal organization: nothing moves (balance, ledger,
-- keys, generations, invoices and webhooks keep their account_id).
INSERT INTO "memberships" ("account_id", "member_id", "role")
SELECT "id", "id", 'owner' FROM "accounts";

-- And so is every account made from now on, whichever path creates it (sign-up, OAuth, ops, tests).
CREATE FUNCTION accounts_own_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "memberships" ("account_id", "member_id", "role") VALUES (NEW."id", NEW."id", 'owner');
  RETURN NEW;
END $$;

CREATE TRIGGER accounts_own_membership AFTER INSERT ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION accounts_own_membership();
