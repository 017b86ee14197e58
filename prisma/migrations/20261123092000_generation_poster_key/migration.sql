-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "poster_key" TEXT;
