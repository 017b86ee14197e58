-- AlterEnum
ALTER TYPE "AuthTokenKind" ADD VALUE 'sso_sign_in';

-- CreateTable
CREATE TABLE "org_domains" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "verified_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "org_domains_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_connections" (
    "account_id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "default_role" "OrgRole" NOT NULL DEFAULT 'viewer',
    "enforce" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sso_connections_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "org_domains_account_id_domain_key" ON "org_domains"("account_id", "domain");

-- CreateIndex
CREATE INDEX "org_domains_domain_idx" ON "org_domains"("domain");

-- A domain is verified for one organization at most: sign-in maps the email's domain to it.
CREATE UNIQUE INDEX "org_domains_verified_domain_key" ON "org_domains"("domain") WHERE "verified_at" IS NOT NULL;

-- AddForeignKey
ALTER TABLE "org_domains" ADD CONSTRAINT "org_domains_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
