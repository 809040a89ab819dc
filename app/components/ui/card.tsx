import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";

import { cn } from "~/lib/utils";

/** A card's classes: its padding, colour and display are variants, so a caller's classes never clash with them. */
const cardVariants = cva("flex-col rounded-xl border text-card-foreground shadow-sm", {
  variants: {
    spacing: {
      default: "gap-4 py-5",
      /** No padding: a table fills the card. */
      flush: "gap-4",
      compact: "gap-2 px-4 py-4",
    },
    tone: { default: "bg-card", highlight: "border-primary/40 bg-primary/5" },
    display: { default: "flex", "from-lg": "hidden lg:flex" },
  },
  defaultVariants: { spacing: "default", tone: "default", display: "default" },
});

export function Card({ className, spacing, tone, display, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardVariants>) {
  return <div data-slot="card" className={cn(cardVariants({ spacing, tone, display }), className)} {...props} />;
}

/** `row`: the title and an action side by side instead of stacked. */
export function CardHeader({ className, row = false, ...props }: React.ComponentProps<"div"> & { row?: boolean }) {
  return (
    <div
      data-slot="card-header"
      className={cn("flex gap-1.5 px-5", row ? "flex-row items-center justify-between" : "flex-col", className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: React.ComponentProps<"h3">) {
  return <h3 data-slot="card-title" className={cn("leading-tight font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** `flush`: no side padding (a table from edge to edge). */
export function CardContent({ className, flush = false, ...props }: React.ComponentProps<"div"> & { flush?: boolean }) {
  return <div data-slot="card-content" className={cn(!flush && "px-5", className)} {...props} />;
}
