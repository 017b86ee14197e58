-- CreateEnum
CREATE TYPE "AccountKind" AS ENUM ('person', 'organization');

-- AlterTable: every existing row is a person (a login that is also its personal organization).
ALTER TABLE "accounts" ADD COLUMN "kind" "AccountKind" NOT NULL DEFAULT 'person';
ALTER TABLE "accounts" ALTER COLUMN "email" DROP NOT NULL;

-- A person signs in by email; an organization is no login at all (no email, no password, never
-- its own member) and is known by its name.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_kind_login_check" CHECK (
  ("kind" = 'person' AND "email" IS NOT NULL)
  OR ("kind" = 'organization' AND "password_hash" IS NULL AND "name" IS NOT NULL AND length(btrim("name")) > 0)
);

-- Only a person is the owner of itself; an organization's owners are the people who made or joined it.
CREATE OR REPLACE FUNCTION accounts_own_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" = 'person' THEN
    INSERT INTO "memberships" ("account_id", "member_id", "role") VALUES (NEW."id", NEW."id", 'owner');
  END IF;
  RETURN NEW;
END $$;
