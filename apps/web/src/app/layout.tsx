import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import "./globals.css";
import { SkipLink } from "@/components/ui/skip-link";
import { Toaster } from "@/components/ui/toast";
import { Providers } from "@/trpc/client";

// Every page is rendered per request: its scripts carry the nonce of that response's
// Content-Security-Policy (set by the proxy), which a prerendered page could not.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: { default: t("title"), template: "%s · vgen" }, description: t("description") };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <NextIntlClientProvider>
          <SkipLink />
          <Toaster>
            <Providers>{children}</Providers>
          </Toaster>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
