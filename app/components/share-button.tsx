import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

const SHARED_WHAT = {
  video: "Video link has been copied to your clipboard.",
  podcast: "Podcast link has been copied to your clipboard.",
  blog: "Blog post link has been copied to your clipboard.",
  interview: "Interview link has been copied to your clipboard.",
  special_feature: "Feature link has been copied to your clipboard.",
} as const;

/** PRODUCT.md "Detail pages": Share copies the page URL and confirms with 'Link copied!'. */
export function ShareButton({ kind, className }: { kind: keyof typeof SHARED_WHAT; className?: string }) {
  async function share() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify("success", "Link copied!", SHARED_WHAT[kind]);
    } catch {
      notify("error", "Could not copy the link", window.location.href);
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={share} className={className}>
      <Icon name="share-2" />
      Share
    </Button>
  );
}
