import { cn } from "~/lib/utils";

/**
 * PRODUCT.md "Paid promotion": the label every card, list row and result of a paid item carries, so the reader
 * knows before clicking. Words, not colour alone.
 */
export function PaidLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "block w-fit rounded border border-amber-700/50 px-1.5 text-[11px] leading-5 font-semibold tracking-wide text-amber-800 uppercase dark:border-amber-300/50 dark:text-amber-200",
        className,
      )}
    >
      Paid promotion
    </span>
  );
}
