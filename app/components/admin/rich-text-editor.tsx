import Image from "@tiptap/extension-image";
import Youtube from "@tiptap/extension-youtube";
import { NodeSelection, Selection } from "@tiptap/pm/state";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Toolbar } from "radix-ui";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";

import { ImageForm, LinkForm, RichTextDialog, VideoForm } from "~/components/admin/rich-text-dialogs";
import { RichTextIcon, type RichTextIconName } from "~/components/admin/rich-text-icons";
import { editorHtml, writeFieldValue } from "~/components/admin/rich-text-sync";
import { isAllowedHref } from "~/components/admin/rich-text-urls";
import { FRAME_SANDBOX } from "~/lib/frame-hosts";
import { cn } from "~/lib/utils";

/**
 * The rich-text editor (PRODUCT.md "Rich-text editor"), TipTap in a chunk of its own that only admin
 * pages load, after hydration (rich-text-field.tsx). It edits the HTML of the form's `content` field and
 * writes it back there; the server sanitises it with the allow-list it uses on render, which keeps all
 * of what these extensions make.
 */

/** The video node keeps a title, so the frame on the public page is named for screen readers. */
const Video = Youtube.extend({
  addAttributes() {
    return { ...this.parent?.(), title: { default: null } };
  },
});

const EXTENSIONS = [
  StarterKit.configure({
    // The page title is the h1.
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      defaultProtocol: "https",
      // The server decides target and rel (external links open in a new tab).
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isAllowedHref(url),
    },
  }),
  Image.configure({ allowBase64: false }),
  Video.configure({
    nocookie: true,
    width: 640,
    height: 360,
    HTMLAttributes: { sandbox: FRAME_SANDBOX, referrerpolicy: "strict-origin-when-cross-origin" },
  }),
];

export interface RichTextEditorProps {
  /** The form's content textarea: the editor starts from its value and writes its HTML back into it. */
  field: HTMLTextAreaElement;
  /** The contenteditable's id (the toolbar controls it). */
  editorId: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  /** Called once the editor shows; `focus` puts the caret in it. */
  onReady: (focus: () => void) => void;
}

type OpenDialog = { kind: "link"; href: string | null } | { kind: "image" } | { kind: "video" } | null;

export default function RichTextEditor({ field, editorId, labelId, describedBy, invalid, onReady }: RichTextEditorProps) {
  const [initialHtml] = useState(() => field.value);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "rich-text-content prose-content",
      },
    }),
    [editorId, labelId, describedBy, invalid],
  );

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    // Rendered in the browser only (after hydration), so the editor can exist on the first render.
    immediatelyRender: true,
    editorProps,
    onUpdate: ({ editor: changed }) => writeFieldValue(field, editorHtml(changed)),
  });

  // A dialog closing as the page goes away finds the editor destroyed.
  const refocus = useCallback(() => {
    if (!editor.isDestroyed) editor.commands.focus();
  }, [editor]);

  useEffect(() => onReady(refocus), [refocus, onReady]);

  const closeDialog = () => setDialog(null);

  return (
    <div
      className={cn(
        "rounded-md border border-input shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50",
        invalid && "border-destructive",
      )}
    >
      <FormattingToolbar editor={editor} editorId={editorId} onOpen={setDialog} />
      <EditorContent editor={editor} />

      <RichTextDialog
        open={dialog?.kind === "link"}
        onOpenChange={(open) => (open ? undefined : closeDialog())}
        onClosed={refocus}
        title={dialog?.kind === "link" && dialog.href ? "Edit link" : "Add link"}
        description="The selected text links to this address."
      >
        {dialog?.kind === "link" ? (
          <LinkForm
            initialHref={dialog.href}
            onApply={(href) => {
              applyLink(editor, href);
              closeDialog();
            }}
            onRemove={() => {
              editor.chain().extendMarkRange("link").unsetLink().run();
              closeDialog();
            }}
          />
        ) : null}
      </RichTextDialog>

      <RichTextDialog
        open={dialog?.kind === "image"}
        onOpenChange={(open) => (open ? undefined : closeDialog())}
        onClosed={refocus}
        title="Insert image"
        description="The image is uploaded to the media library and placed at the cursor."
      >
        {dialog?.kind === "image" ? (
          <ImageForm
            onInsert={({ src, alt, width, height }) => {
              editor
                .chain()
                .setImage({ src, alt, ...(width ? { width } : {}), ...(height ? { height } : {}) })
                .run();
              caretBelow(editor);
              closeDialog();
            }}
          />
        ) : null}
      </RichTextDialog>

      <RichTextDialog
        open={dialog?.kind === "video"}
        onOpenChange={(open) => (open ? undefined : closeDialog())}
        onClosed={refocus}
        title="Insert video"
        description="A YouTube video, played from its privacy-enhanced address."
      >
        {dialog?.kind === "video" ? (
          <VideoForm
            onInsert={({ src, title }) => {
              editor
                .chain()
                .insertContent({ type: "youtube", attrs: { src, title: title || null } })
                .run();
              caretBelow(editor);
              closeDialog();
            }}
          />
        ) : null}
      </RichTextDialog>
    </div>
  );
}

/** After an inserted image or video the caret goes below it, so what is typed or inserted next does not replace it. */
function caretBelow(editor: Editor) {
  const { state, view } = editor;
  if (!(state.selection instanceof NodeSelection)) return;
  view.dispatch(state.tr.setSelection(Selection.near(state.doc.resolve(state.selection.to), 1)));
}

/** Links the selection (or the link the caret is in); with nothing selected, inserts the address as a link. */
function applyLink(editor: Editor, href: string) {
  if (editor.state.selection.empty && !editor.isActive("link")) {
    editor
      .chain()
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .run();
    return;
  }
  editor.chain().extendMarkRange("link").setLink({ href }).run();
}

function FormattingToolbar({ editor, editorId, onOpen }: { editor: Editor; editorId: string; onOpen: (dialog: OpenDialog) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      link: current.isActive("link"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();

  return (
    // Radix's toolbar: one Tab stop, arrow keys move between the buttons (the ARIA toolbar pattern).
    <Toolbar.Root
      aria-label="Formatting"
      aria-controls={editorId}
      className="flex flex-wrap items-center gap-0.5 rounded-t-md border-b bg-muted/50 p-1"
    >
      <ToolButton icon="heading-2" label="Heading 2" pressed={state.h2} onClick={() => run().toggleHeading({ level: 2 }).run()} />
      <ToolButton icon="heading-3" label="Heading 3" pressed={state.h3} onClick={() => run().toggleHeading({ level: 3 }).run()} />
      <Separator />
      <ToolButton icon="bold" label="Bold" shortcut="Ctrl+B" pressed={state.bold} onClick={() => run().toggleBold().run()} />
      <ToolButton icon="italic" label="Italic" shortcut="Ctrl+I" pressed={state.italic} onClick={() => run().toggleItalic().run()} />
      <ToolButton
        icon="link"
        label="Link"
        active={state.link}
        hasDialog
        onClick={() => onOpen({ kind: "link", href: (editor.getAttributes("link").href as string | undefined) ?? null })}
      />
      <Separator />
      <ToolButton icon="list" label="Bulleted list" pressed={state.bulletList} onClick={() => run().toggleBulletList().run()} />
      <ToolButton icon="list-ordered" label="Numbered list" pressed={state.orderedList} onClick={() => run().toggleOrderedList().run()} />
      <ToolButton icon="text-quote" label="Quote" pressed={state.blockquote} onClick={() => run().toggleBlockquote().run()} />
      <Separator />
      <ToolButton icon="image-plus" label="Image" hasDialog onClick={() => onOpen({ kind: "image" })} />
      <ToolButton icon="square-play" label="Video" hasDialog onClick={() => onOpen({ kind: "video" })} />
      <Separator />
      <ToolButton icon="undo-2" label="Undo" shortcut="Ctrl+Z" disabled={!state.canUndo} onClick={() => run().undo().run()} />
      <ToolButton icon="redo-2" label="Redo" shortcut="Ctrl+Shift+Z" disabled={!state.canRedo} onClick={() => run().redo().run()} />
    </Toolbar.Root>
  );
}

function Separator() {
  return <Toolbar.Separator className="mx-1 h-5 w-px bg-border" />;
}

function ToolButton({
  icon,
  label,
  shortcut,
  pressed,
  active,
  hasDialog,
  disabled,
  onClick,
}: {
  icon: RichTextIconName;
  label: string;
  shortcut?: string;
  /** A format that is on or off at the caret: announced as a toggle button. */
  pressed?: boolean;
  /** Shown as on (the caret is in a link) without being a toggle: the button opens a dialog. */
  active?: boolean;
  hasDialog?: boolean;
  disabled?: boolean;
  onClick: () => void;
}): ReactNode {
  const on = pressed ?? active ?? false;
  return (
    <Toolbar.Button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      aria-haspopup={hasDialog ? "dialog" : undefined}
      data-active={on || undefined}
      disabled={disabled}
      // A click keeps the focus (and the selection) in the editor; keyboard users come back to it with the command.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-md text-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4",
        on && "bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary",
      )}
    >
      <RichTextIcon name={icon} />
    </Toolbar.Button>
  );
}
