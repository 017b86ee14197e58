import type { Metadata } from "next";
import "./globals.css";
import { SkipLink } from "@/components/ui/skip-link";
import { Providers } from "@/trpc/client";

// Every page is rendered per request: its scripts carry the nonce of that response's
// Content-Security-Policy (set by the proxy), which a prerendered page could not.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "vgen — video generation API", template: "%s · vgen" },
  description: "Turn a prompt into an MP4 clip over HTTP. Billed per second of video.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <SkipLink />
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
