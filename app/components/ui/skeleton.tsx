import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";

import { cn } from "~/lib/utils";

/** A placeholder's classes: its colour and corners are variants, so a caller's classes never clash with them. */
const skeletonVariants = cva("animate-pulse", {
  variants: {
    tone: { default: "bg-muted", "on-navy": "bg-white/15" },
    shape: { default: "rounded-md", circle: "rounded-full", card: "rounded-xl" },
  },
  defaultVariants: { tone: "default", shape: "default" },
});

export function Skeleton({ className, tone, shape, ...props }: React.ComponentProps<"div"> & VariantProps<typeof skeletonVariants>) {
  return <div data-slot="skeleton" className={cn(skeletonVariants({ tone, shape }), className)} {...props} />;
}
