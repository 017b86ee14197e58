import { defineConfig } from "prisma/config";

// The URL is only read by migrate/db commands; generate works without it.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: Prisma's CLI reads this file; the app's settings are validated in packages/config
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/vgen" },
});
