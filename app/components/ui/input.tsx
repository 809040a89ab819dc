import * as React from "react";

import { cn } from "~/lib/utils";

/** `tall`: 40 px instead of 36, beside a tall button (the search page's form). */
export function Input({ className, type, tall = false, ...props }: React.ComponentProps<"input"> & { tall?: boolean }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        tall ? "h-10" : "h-9",
        "flex w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
