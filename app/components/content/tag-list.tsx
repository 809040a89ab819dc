import { Badge } from "~/components/ui/badge";
import { visibleTags } from "~/lib/format";
import { cn } from "~/lib/utils";

/** Tags as small badges; with `max`, the first few then '+N more' (PRODUCT.md "Numbers and words"). */
export function TagList({ tags, max, className }: { tags: readonly string[] | null | undefined; max?: number; className?: string }) {
  const { shown, more } = max == null ? { shown: tags ?? [], more: 0 } : visibleTags(tags, max);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-1.5", className)}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary">{tag}</Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge variant="outline-muted">+{more} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}
