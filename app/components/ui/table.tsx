import * as React from "react";

import { cn } from "~/lib/utils";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}
export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}
export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}
/** `align="right"` for a column of figures or dates (a `<th>` is otherwise left-aligned here). */
export function TableHead({
  className,
  align = "left",
  ...props
}: Omit<React.ComponentProps<"th">, "align"> & { align?: "left" | "right" }) {
  return (
    <th
      className={cn(
        "h-10 px-2 align-middle font-medium whitespace-nowrap text-foreground",
        align === "right" ? "text-right" : "text-left",
        className,
      )}
      {...props}
    />
  );
}
/** `verticalAlign="top"` for a row whose cells run to several lines (a message's text). */
export function TableCell({
  className,
  verticalAlign = "middle",
  ...props
}: React.ComponentProps<"td"> & { verticalAlign?: "middle" | "top" }) {
  return <td className={cn("p-2", verticalAlign === "top" ? "align-top" : "align-middle", className)} {...props} />;
}

/** A table's header row from its columns: each a label (text or an element), its alignment and its classes. */
export function TableColumns({
  columns,
}: {
  columns: readonly { label: React.ReactNode; align?: "left" | "right"; className?: string }[];
}) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column, index) => (
          <TableHead key={index} scope="col" align={column.align} className={column.className}>
            {column.label}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}
