-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en';

-- The languages account emails are written in (packages/engine/src/mail/templates/common.ts).
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_locale_check" CHECK ("locale" IN ('en', 'ru'));
