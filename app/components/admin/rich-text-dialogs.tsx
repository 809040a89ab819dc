import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";

import { isAllowedHref, linkHref, youtubeEmbedUrl } from "~/components/admin/rich-text-urls";
import { uploadFile } from "~/components/admin/upload-file";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { UploadedMedia } from "~/lib/uploads";

/**
 * The rich-text editor's small dialogs (PRODUCT.md "Rich-text editor"): a link, an uploaded image with
 * its alt text, a YouTube video. Each is a form of its own; the dialog is portalled out of the
 * editor's form in the page, and its submit event is stopped so the editor's form never sees it.
 */
export function RichTextDialog({
  open,
  onOpenChange,
  onClosed,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog has closed: the editor takes the focus back. */
  onClosed: () => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg sm:max-w-md"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <div className="flex flex-col gap-2">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog's own form: submitting it never submits the editor's form around it (React events cross portals). */
function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

function DialogButtons({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

function CancelButton() {
  return (
    <Dialog.Close asChild>
      <Button type="button" variant="outline">
        Cancel
      </Button>
    </Dialog.Close>
  );
}

export function LinkForm({
  initialHref,
  onApply,
  onRemove,
}: {
  /** The link at the selection, if any. */
  initialHref: string | null;
  onApply: (href: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(initialHref ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogForm
      onSubmit={() => {
        const href = linkHref(typed);
        if (href) onApply(href);
        else setError("Enter a web address (https://…), an email address or a path on this site (/blog/…).");
      }}
    >
      <Field id={`${id}-href`} label="Link address" hint="A web page, an email address or a page of this site." error={error}>
        <Input
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
      </Field>
      <DialogButtons>
        {initialHref !== null && isAllowedHref(initialHref) ? (
          <Button type="button" variant="destructive" className="sm:mr-auto" onClick={onRemove}>
            Remove link
          </Button>
        ) : null}
        <CancelButton />
        <Button type="submit">Apply link</Button>
      </DialogButtons>
    </DialogForm>
  );
}

export function VideoForm({ onInsert }: { onInsert: (video: { src: string; title: string }) => void }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogForm
      onSubmit={() => {
        const src = youtubeEmbedUrl(typed);
        if (src) onInsert({ src, title: title.trim() });
        else setError("Enter the address of a YouTube video (youtube.com/watch?v=… or youtu.be/…).");
      }}
    >
      <Field id={`${id}-url`} label="YouTube address" error={error}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=…"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
      </Field>
      <Field id={`${id}-title`} label="Video title" hint="Read out by screen readers in place of the player.">
        <Input autoComplete="off" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <DialogButtons>
        <CancelButton />
        <Button type="submit">Insert video</Button>
      </DialogButtons>
    </DialogForm>
  );
}

type Upload =
  | { state: "idle" }
  | { state: "uploading"; name: string; progress: number }
  | { state: "failed"; message: string }
  | { state: "done"; media: UploadedMedia };

/**
 * Uploads the chosen image (PRODUCT.md "Media library") with its progress, then asks for its alt text.
 * Closing the dialog cancels an upload still running.
 */
export function ImageForm({
  onInsert,
}: {
  onInsert: (image: { src: string; alt: string; width: number | null; height: number | null }) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<Upload>({ state: "idle" });
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  async function start(file: File) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus({ state: "uploading", name: file.name, progress: 0 });
    try {
      const media = await uploadFile(file, "image", {
        signal: controller.signal,
        onProgress: (progress) => setStatus({ state: "uploading", name: file.name, progress }),
      });
      if (!controller.signal.aborted) setStatus({ state: "done", media });
    } catch (error) {
      if (!controller.signal.aborted) setStatus({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <DialogForm
      onSubmit={() => {
        if (status.state !== "done") return;
        // PRODUCT.md "Rich-text editor": every image needs a description (decorative images have no place in an article body).
        if (!alt.trim()) {
          setAltError("Describe the image for readers who cannot see it.");
          return;
        }
        onInsert({ src: status.media.url, alt: alt.trim(), width: status.media.width, height: status.media.height });
      }}
    >
      <Field id={`${id}-file`} label="Image file">
        <input
          type="file"
          accept="image/*"
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void start(file);
          }}
        />
      </Field>
      <div aria-live="polite" className="text-sm">
        {status.state === "uploading" ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-progress`}>Uploading {status.name}…</label>
            <progress id={`${id}-progress`} className="w-full accent-primary" max={1} value={status.progress} />
          </div>
        ) : null}
        {status.state === "done" ? (
          <div className="flex items-center gap-3">
            <img src={status.media.url} alt="" className="size-16 rounded-md border object-cover" />
            <p>Uploaded.</p>
          </div>
        ) : null}
      </div>
      {status.state === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {status.message}
        </p>
      ) : null}
      <Field id={`${id}-alt`} label="Alt text" hint="What the image shows, for readers who cannot see it." error={altError} required>
        <Input
          autoComplete="off"
          maxLength={500}
          value={alt}
          onChange={(event) => {
            setAlt(event.target.value);
            setAltError(null);
          }}
        />
      </Field>
      <DialogButtons>
        <CancelButton />
        <Button type="submit" disabled={status.state !== "done"}>
          Insert image
        </Button>
      </DialogButtons>
    </DialogForm>
  );
}
