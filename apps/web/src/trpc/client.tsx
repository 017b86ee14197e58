"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, loggerLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { SessionProvider } from "next-auth/react";
import { useEffect, useState } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/routers/_app";
import { MAX_BATCH_CALLS } from "./limits";

const trpcContext = createTRPCContext<AppRouter>();
const { TRPCProvider } = trpcContext;
export const { useTRPC } = trpcContext;

function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: false } } });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  // Marks the document live once React has hydrated it (effects run children first): the browser
  // specs wait for it before clicking, as a click before then reaches forms with no handlers yet.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        // Development only: in a production build a failed call shows its error in the page, not a
        // styled debug dump in the browser console.
        ...(process.env.NODE_ENV === "development" ? [loggerLink()] : []),
        httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_BATCH_CALLS }),
      ],
    }),
  );
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
