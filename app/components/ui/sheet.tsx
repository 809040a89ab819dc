import { Dialog as SheetPrimitive } from "radix-ui";
import * as React from "react";

import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

export const Sheet = SheetPrimitive.Root;

export function SheetContent({
  className,
  children,
  side = "right",
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: "left" | "right" | "top" }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <SheetPrimitive.Content
        // Its width, gap and colours come from `className`: the sheet sets only where it sits.
        className={cn(
          "fixed z-50 flex flex-col shadow-lg",
          side === "right" && "inset-y-0 right-0 h-full border-l",
          side === "left" && "inset-y-0 left-0 h-full border-r",
          side === "top" && "inset-x-0 top-0 h-auto border-b",
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring">
          <Icon name="x" className="size-4" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn("font-semibold text-foreground", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
