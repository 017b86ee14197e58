-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "concat_of" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "extended_from" TEXT,
ADD COLUMN     "extensions" TEXT[] DEFAULT ARRAY[]::TEXT[];
