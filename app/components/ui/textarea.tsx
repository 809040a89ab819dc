import * as React from "react";

import { cn } from "~/lib/utils";

/**
 * `mono`: code-sized monospace text (the rich-text field's HTML). `visuallyHidden`: kept in the form and for
 * screen readers' labels but not shown (the rich-text field behind its editor); none of the box's own sizes apply.
 */
export function Textarea({
  className,
  mono = false,
  visuallyHidden = false,
  ...props
}: React.ComponentProps<"textarea"> & { mono?: boolean; visuallyHidden?: boolean }) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        visuallyHidden
          ? "sr-only"
          : "flex min-h-16 w-full rounded-md border border-input bg-transparent px-3 py-2 shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        mono ? "font-mono text-sm" : "text-base md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
