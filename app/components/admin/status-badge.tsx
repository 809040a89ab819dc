import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

/** PRODUCT.md "Admin lists": published and draft have their own badge; any other status is outlined. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const variant = status === "published" ? "success" : status === "draft" ? "secondary" : "outline";
  return (
    <Badge variant={variant} className={cn("capitalize", className)}>
      {status}
    </Badge>
  );
}
