-- AlterEnum
ALTER TYPE "MailKind" ADD VALUE 'sign_up_attempt';
