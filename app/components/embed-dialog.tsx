import { useEffect, useRef } from "react";

import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { embedCode } from "~/lib/embeds";

/**
 * PRODUCT.md "Embeds": the dialog with the code to copy, loaded when the reader first presses Embed. A native
 * modal dialog: focus moves into it, Escape closes it, and focus returns to the button.
 */
export default function EmbedDialog(props: { path: string; title: string; size: { width: number; height: number }; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const code = embedCode(new URL(props.path, window.location.origin).toString(), props.title, props.size.width, props.size.height);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      notify("success", "Embed code copied!", "Paste it into your site's HTML.");
    } catch {
      notify("error", "Could not copy the embed code", "Select the code and copy it yourself.");
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="embed-dialog-title"
      onClose={props.onClose}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg border bg-background p-5 text-foreground shadow-lg backdrop:bg-black/50"
    >
      <h2 id="embed-dialog-title" className="text-lg font-semibold">
        Embed this on your site
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The frame shows the piece with its disclosure, plays only when the reader presses play, and fits its own height.
      </p>
      <label htmlFor="embed-code" className="mt-4 block text-sm font-medium">
        Embed code
      </label>
      <textarea
        id="embed-code"
        readOnly
        value={code}
        rows={6}
        className="mt-1 w-full rounded-md border bg-muted/40 p-2 font-mono text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => dialog.current?.close()}>
          Close
        </Button>
        <Button type="button" size="sm" onClick={copy}>
          Copy code
        </Button>
      </div>
    </dialog>
  );
}
