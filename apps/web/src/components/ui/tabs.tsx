"use client";

import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";

/**
 * Tabs on Radix's: one tab stop for the row, the arrow keys (and Home, End) move between tabs and show
 * each one's panel, which the tab names.
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className = "", ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={`flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 ${className}`} {...props} />;
}

export function TabsTrigger({ className = "", ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={`rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = "", ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={`focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700 ${className}`}
      {...props}
    />
  );
}
