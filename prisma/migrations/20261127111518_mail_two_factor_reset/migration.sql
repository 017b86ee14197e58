-- AlterEnum
ALTER TYPE "MailKind" ADD VALUE 'two_factor_reset';
