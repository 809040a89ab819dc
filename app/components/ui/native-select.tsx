import * as React from "react";

import { cn } from "~/lib/utils";

/** A native `<select>` with the Input's look: keyboard, screen readers and phones get the platform's own list. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(
        "flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm dark:bg-input/30 [&>option]:bg-background",
        className,
      )}
      {...props}
    />
  );
}
