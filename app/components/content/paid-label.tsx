import { cn } from "~/lib/utils";

/**
 * PRODUCT.md "Paid promotion": the label every card, list row and result of a paid item carries, so the reader
 * knows before clicking. Words, not colour alone. `tone="on-dark"`: over a dark picture (the home carousel).
 */
export function PaidLabel({ tone = "default", className }: { tone?: "default" | "on-dark"; className?: string }) {
  return (
    <span
      className={cn(
        "block w-fit rounded border px-1.5 text-[11px] leading-5 font-semibold tracking-wide uppercase",
        tone === "on-dark"
          ? "border-amber-200/70 bg-black/40 text-amber-100"
          : "border-amber-700/50 text-amber-800 dark:border-amber-300/50 dark:text-amber-200",
        className,
      )}
    >
      Paid promotion
    </span>
  );
}
