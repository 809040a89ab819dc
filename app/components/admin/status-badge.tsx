import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatPublishTime } from "~/lib/publish-time";
import { cn } from "~/lib/utils";

/**
 * PRODUCT.md "Admin lists": published and draft have their own badge; any other status is outlined.
 * PRODUCT.md "Scheduled publishing": a published item whose time is still ahead is 'Scheduled', with that time.
 */
export function StatusBadge({ status, scheduledFor, className }: { status: string; scheduledFor?: Date | null; className?: string }) {
  if (status === "published" && scheduledFor) {
    return (
      <span className={cn("flex flex-col items-start gap-0.5", className)}>
        <Badge variant="outline" className="border-primary/50">
          <Icon name="clock" />
          Scheduled
        </Badge>
        <time dateTime={scheduledFor.toISOString()} className="text-xs whitespace-nowrap text-muted-foreground">
          {formatPublishTime(scheduledFor)}
        </time>
      </span>
    );
  }
  const variant = status === "published" ? "success" : status === "draft" ? "secondary" : "outline";
  return (
    <Badge variant={variant} className={cn("capitalize", className)}>
      {status}
    </Badge>
  );
}
