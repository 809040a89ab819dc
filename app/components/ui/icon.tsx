import type * as React from "react";

import type { IconName } from "./icon-names";
import { ICON_SPRITE_VERSION } from "./icon-sprite-version";

export type { IconName };

/**
 * A lucide icon drawn from the one sprite, public/icons.svg (scripts/build-icon-sprite.ts), so icons
 * cost no JavaScript. Decorative: hidden from assistive technology, the element around it carries the
 * name. Stroke and fill are set here, not in the sprite, so `fill="currentColor"` or `fill-current`
 * fills an icon and `strokeWidth` thickens it.
 */
export function Icon({ name, ...props }: { name: IconName } & Omit<React.ComponentProps<"svg">, "children">) {
  return (
    <IconFrame {...props}>
      <use href={`/icons.svg?v=${ICON_SPRITE_VERSION}#${name}`} />
    </IconFrame>
  );
}

/** The 24-pixel lucide frame every icon is drawn in, the sprite's and the rich-text toolbar's inline ones. */
export function IconFrame({ children, ...props }: React.ComponentProps<"svg">) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}
