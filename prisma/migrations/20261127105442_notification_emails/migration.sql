-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "MailKind" ADD VALUE 'two_factor_enabled';
ALTER TYPE "MailKind" ADD VALUE 'two_factor_disabled';
ALTER TYPE "MailKind" ADD VALUE 'new_sign_in';
ALTER TYPE "MailKind" ADD VALUE 'api_key_created';
ALTER TYPE "MailKind" ADD VALUE 'api_key_revoked';
ALTER TYPE "MailKind" ADD VALUE 'test_balance_granted';
ALTER TYPE "MailKind" ADD VALUE 'generation_refunded';
ALTER TYPE "MailKind" ADD VALUE 'top_up_paid';

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "muted_notifications" "MailKind"[] DEFAULT ARRAY[]::"MailKind"[];
