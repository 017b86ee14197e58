"use client";

import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import type { ComponentProps } from "react";

/**
 * The menu behind a button, on Radix's: Enter, Space or the arrow keys open it, arrows and typing move
 * through its items, Escape closes it and focus returns to the button.
 */
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

const ITEM =
  "relative flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50";

/** `inline` keeps the panel where it is written (inside its navigation landmark) instead of at the body's end. */
export function DropdownMenuContent({
  className = "",
  inline = false,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content> & { inline?: boolean }) {
  const content = (
    <MenuPrimitive.Content
      sideOffset={6}
      collisionPadding={8}
      className={`z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg ${className}`}
      {...props}
    />
  );
  return inline ? content : <MenuPrimitive.Portal>{content}</MenuPrimitive.Portal>;
}

export function DropdownMenuItem({ className = "", ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return <MenuPrimitive.Item className={`${ITEM} ${className}`} {...props} />;
}

export function DropdownMenuRadioItem({ className = "", children, ...props }: ComponentProps<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem className={`${ITEM} pl-8 ${className}`} {...props}>
      <span className="absolute left-2.5 grid h-4 w-4 place-items-center">
        <MenuPrimitive.ItemIndicator>
          <Check aria-hidden className="h-4 w-4" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.RadioItem>
  );
}

export function DropdownMenuLabel({ className = "", ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={`px-3 py-1.5 text-xs font-medium text-slate-500 ${className}`} {...props} />;
}

export function DropdownMenuSeparator({ className = "", ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={`-mx-1 my-1 h-px bg-slate-200 ${className}`} {...props} />;
}
