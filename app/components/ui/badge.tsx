import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";

import { cn } from "~/lib/utils";

/** A badge's classes: as with buttons, no variant sets what the base or another variant sets. */
export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 font-medium [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        outline: "text-foreground",
        /** An outlined badge in muted text (a list's 'more tags' count). */
        "outline-muted": "text-muted-foreground",
        /** Darker than `gain` in the light theme: gain on its own 15% tint is 3.1:1, under WCAG AA's 4.5:1. */
        success: "border-transparent bg-gain/15 text-emerald-800 dark:text-gain",
        /** Something an editor still owes readers (PRODUCT.md "Transcripts": 'Needs transcript'). */
        warning: "border-amber-500/60 text-amber-800 dark:text-amber-300",
      },
      size: {
        default: "py-0.5 text-xs",
        /** A picked value with its remove button inside (the editor's tags and companies). */
        removable: "py-1 pr-1 text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Badge({ className, variant, size, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
