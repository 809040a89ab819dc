import { Link, type LinkProps } from "react-router";

/**
 * A card's title link whose box covers the card (the card is `group relative`), so its picture and text
 * are clickable too while the link is named by the title alone.
 */
export function CardLink(props: Omit<LinkProps, "className">) {
  return <Link {...props} className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary" />;
}
