import type * as React from "react";

import { IconFrame } from "~/components/ui/icon";

/**
 * The rich-text toolbar's icons (lucide, ISC), drawn inline: they ship in the editor's own lazy chunk
 * instead of growing the sprite every public page may fetch (components/ui/icon.tsx).
 */
const PATHS = {
  "heading-2": ["M4 12h8", "M4 18V6", "M12 18V6", "M21 18h-4c0-4 4-3 4-6 0-1.5-2-2.5-4-1"],
  "heading-3": [
    "M4 12h8",
    "M4 18V6",
    "M12 18V6",
    "M17.5 10.5c1.7-1 3.5 0 3.5 1.5a2 2 0 0 1-2 2",
    "M17 17.5c2 1.5 4 .3 4-1.5a2 2 0 0 0-2-2",
  ],
  bold: ["M6 12h9a4 4 0 0 1 0 8H7a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h7a4 4 0 0 1 0 8"],
  italic: ["M19 4h-9", "M14 20H5", "M15 4 9 20"],
  link: ["M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71", "M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"],
  list: ["M3 5h.01", "M3 12h.01", "M3 19h.01", "M8 5h13", "M8 12h13", "M8 19h13"],
  "list-ordered": ["M11 5h10", "M11 12h10", "M11 19h10", "M4 4h1v5", "M4 9h2", "M6.5 20H3.4c0-1 2.6-1.925 2.6-3.5a1.5 1.5 0 0 0-2.6-1.02"],
  "text-quote": ["M17 5H3", "M21 12H8", "M21 19H8", "M3 12v7"],
  "image-plus": [
    "M16 5h6",
    "M19 2v6",
    "M21 11.5V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7.5",
    "m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21",
    "M7 9a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
  ],
  "square-play": [
    "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z",
    "M9 9.003a1 1 0 0 1 1.517-.859l4.997 2.997a1 1 0 0 1 0 1.718l-4.997 2.997A1 1 0 0 1 9 14.996z",
  ],
  "undo-2": ["M9 14 4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 5.5 5.5a5.5 5.5 0 0 1-5.5 5.5H11"],
  "redo-2": ["m15 14 5-5-5-5", "M20 9H9.5A5.5 5.5 0 0 0 4 14.5A5.5 5.5 0 0 0 9.5 20H13"],
} as const;

export type RichTextIconName = keyof typeof PATHS;

/** Decorative, like `Icon`: the button around it carries the name. */
export function RichTextIcon({ name, ...props }: { name: RichTextIconName } & Omit<React.ComponentProps<"svg">, "children">) {
  return (
    <IconFrame {...props}>
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </IconFrame>
  );
}
