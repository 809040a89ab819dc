import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";

import { cn } from "~/lib/utils";

/**
 * A button's classes. `cn` does not resolve clashes between classes, so a variant never sets what the base or
 * another variant sets, and callers pick a variant rather than override one with their own classes.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90",
        outline: "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        /** A ghost button for a destructive action (a row's Delete). */
        "ghost-destructive": "text-destructive hover:bg-accent hover:text-destructive",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-9 px-4 py-2 text-sm",
        /** As tall as a large input, beside one (the search page's form). */
        tall: "h-10 px-4 py-2 text-sm",
        sm: "h-8 px-3 text-xs",
        lg: "h-10 px-6 text-sm",
        icon: "size-9 text-sm",
        "icon-sm": "size-8 text-sm",
        /** A table row's icon button: smaller on phones. */
        "icon-row": "size-8 text-sm sm:size-9",
        /** An icon on phones that shows its label from 640 px, as a small button. */
        "icon-sm-labelled": "size-8 px-3 text-xs sm:h-8 sm:w-auto",
      },
      shape: {
        default: "rounded-md",
        pill: "rounded-full",
      },
    },
    defaultVariants: { variant: "default", size: "default", shape: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  shape,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>) {
  return <button data-slot="button" className={cn(buttonVariants({ variant, size, shape }), className)} {...props} />;
}
