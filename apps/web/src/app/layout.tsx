import type { Metadata } from "next";
import "./globals.css";
import { Providers } from "@/trpc/client";

export const metadata: Metadata = {
  title: { default: "vgen — video generation API", template: "%s · vgen" },
  description: "Turn a prompt into an MP4 clip over HTTP. Billed per second of video.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
