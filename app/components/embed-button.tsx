import { lazy, Suspense, useState } from "react";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** Loaded on the first press: no page pays for the dialog before a reader asks for it (PRODUCT.md "Speed"). */
const EmbedDialog = lazy(() => import("./embed-dialog"));

/** PRODUCT.md "Embeds": 'Embed' beside 'Share' on item and company pages; opens the dialog with the code. */
export function EmbedButton({ path, title, size }: { path: string; title: string; size: { width: number; height: number } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Icon name="external-link" />
        Embed
      </Button>
      {open ? (
        <Suspense>
          <EmbedDialog path={path} title={title} size={size} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
