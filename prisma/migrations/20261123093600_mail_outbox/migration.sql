-- CreateEnum
CREATE TYPE "MailKind" AS ENUM ('email_verification', 'password_reset', 'email_change_confirmation', 'email_change_notice', 'password_changed');

-- CreateEnum
CREATE TYPE "OutboundEmailStatus" AS ENUM ('queued', 'sent', 'failed', 'not_sent');

-- AlterEnum
ALTER TYPE "AuthTokenKind" ADD VALUE 'email_change';

-- AlterTable
ALTER TABLE "auth_tokens" ADD COLUMN     "new_email" TEXT;

-- CreateTable
CREATE TABLE "outbound_emails" (
    "id" TEXT NOT NULL,
    "account_id" TEXT,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT,
    "kind" "MailKind" NOT NULL,
    "status" "OutboundEmailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "outbound_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbound_emails_created_at_id_idx" ON "outbound_emails"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "outbound_emails_account_id_idx" ON "outbound_emails"("account_id");

-- AddForeignKey
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
