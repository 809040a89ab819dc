import { Icon } from "~/components/ui/icon";

/** What a player shows instead of itself when its media cannot play (PRODUCT.md "Audio"). */
export function PlayerUnavailable({ children }: { children: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-dashed bg-muted/40 p-6 text-muted-foreground">
      <Icon name="circle-alert" className="size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
