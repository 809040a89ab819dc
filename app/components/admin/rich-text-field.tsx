import type { FieldMetadata } from "@conform-to/react";
import { lazy, Suspense, useCallback, useRef, useState } from "react";

import { FieldError } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/lib/use-hydrated";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

// PRODUCT.md "Speed": TipTap is a chunk of its own, fetched by admin pages after hydration, never by a public page.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * The editor's Content field (PRODUCT.md "Rich-text editor"). The server render, and a page without
 * JavaScript, show a textarea of HTML. Once the page is interactive the rich-text editor loads and takes
 * its place; the textarea stays in the form, hidden, and carries the editor's HTML (rich-text-sync.ts),
 * so saving, field errors and a rejected save's values work the same either way.
 */
export function RichTextField({ meta, label = "Content" }: { meta: Meta; label?: string }) {
  const hydrated = useHydrated();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [field, setField] = useState<HTMLTextAreaElement | null>(null);
  const focusEditor = useRef<(() => void) | null>(null);
  const [editorShown, setEditorShown] = useState(false);

  const labelId = `${meta.id}-label`;
  const hintId = `${meta.id}-hint`;
  const errorId = `${meta.id}-error`;
  const message = meta.errors?.[0];
  const describedBy = [hintId, message ? errorId : null].filter(Boolean).join(" ");

  const attachField = useCallback((node: HTMLTextAreaElement | null) => {
    fieldRef.current = node;
    setField(node);
  }, []);

  const onReady = useCallback((focus: () => void) => {
    focusEditor.current = focus;
    // Someone typing in the textarea as the editor arrives keeps typing, in the editor.
    const wasTyping = document.activeElement === fieldRef.current;
    setEditorShown(true);
    if (wasTyping) focus();
  }, []);

  return (
    <div className="flex flex-col gap-2">
      {/* The label names the textarea and, by id, the editor (a contenteditable is not labelable). */}
      <label
        id={labelId}
        htmlFor={meta.id}
        data-slot="label"
        className="flex items-center gap-2 text-sm leading-none font-medium select-none"
      >
        {label}
      </label>
      <Textarea
        ref={attachField}
        id={meta.id}
        name={meta.name}
        defaultValue={meta.defaultValue as string | undefined}
        rows={8}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        mono
        visuallyHidden={editorShown}
        // Hidden behind the editor: out of the tab order and the accessibility tree; a label click or
        // the form focusing a field with an error lands in the editor.
        {...(editorShown ? { tabIndex: -1, "aria-hidden": true, onFocus: () => focusEditor.current?.() } : {})}
      />
      {hydrated && field ? (
        <Suspense fallback={null}>
          <RichTextEditor
            field={field}
            editorId={`${meta.id}-editor`}
            labelId={labelId}
            describedBy={describedBy}
            invalid={Boolean(message)}
            onReady={onReady}
          />
        </Suspense>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground">
        {editorShown
          ? "Headings, bold and italic text, links, lists, quotes, images and YouTube videos."
          : "HTML is allowed (headings, paragraphs, lists, links, images); anything else is removed on save."}
      </p>
      <FieldError id={errorId} message={message} />
    </div>
  );
}
