import { EmbedButton } from "~/components/embed-button";
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

/** PRODUCT.md "Detail pages", "Embeds": Share, and Embed with the code for another site. */
export function ShareActions({ kind, embedPath, title }: { kind: keyof typeof SHARED_WHAT; embedPath: string; title: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ShareButton kind={kind} />
      <EmbedButton path={embedPath} title={title} size={kind === "video" || kind === "interview" ? VIDEO_FRAME : RICH_FRAME} />
    </div>
  );
}

/** The frame's first size in the embed code, as oEmbed gives it: it then fits its height itself. */
const VIDEO_FRAME = { width: 640, height: 560 };
const RICH_FRAME = { width: 600, height: 480 };
