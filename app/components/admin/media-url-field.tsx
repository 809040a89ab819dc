import type { FieldMetadata } from "@conform-to/react";
import { useId, useRef } from "react";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ContentField } from "~/lib/content-types";
import { FIELD_SPECS, LIMITS } from "~/lib/editor-fields";
import { UPLOAD_ACCEPT } from "~/lib/media-library";
import type { UploadKind } from "~/lib/uploads";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

import { UploadStatus, useFileUpload } from "./upload-status";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** PRODUCT.md "Media library": the fields an upload can fill; video addresses stay typed by hand. */
const UPLOADS: Partial<Record<ContentField, UploadKind>> = {
  audioUrl: "audio",
  thumbnailUrl: "image",
  featuredImageUrl: "image",
};

/**
 * A media URL field of the editor (PRODUCT.md "Editor"): a web address or a site path typed by hand, or,
 * once the page's scripts run, a file uploaded from here (PRODUCT.md "Media library") whose address fills
 * the field; an audio upload also fills an empty duration.
 */
export function MediaUrlField({ field, meta, className }: { field: ContentField; meta: Meta; className?: string }) {
  const spec = FIELD_SPECS[field];
  const kind = UPLOADS[field];
  const hydrated = useHydrated();
  const addressInput = useRef<HTMLInputElement>(null);
  if (spec.kind !== "url") return null;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Field meta={meta} label={spec.label}>
        <Input ref={addressInput} type="url" inputMode="url" placeholder={spec.placeholder} maxLength={LIMITS.url} />
      </Field>
      {kind && hydrated ? (
        <UploadButton
          kind={kind}
          name={spec.label.replace(/ URL$/, "")}
          onUploaded={(media) => {
            const input = addressInput.current;
            if (!input) return;
            typeInto(input, media.url);
            const duration = input.form?.elements.namedItem("duration");
            if (media.duration != null && duration instanceof HTMLInputElement && duration.value === "") {
              typeInto(duration, String(media.duration));
            }
          }}
        />
      ) : null}
    </div>
  );
}

/** Sets an input as typing would, so the form (Conform listens for input events) sees the new value. */
function typeInto(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

function UploadButton({
  kind,
  name,
  onUploaded,
}: {
  kind: UploadKind;
  name: string;
  onUploaded: (media: { url: string; duration: number | null }) => void;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const { state, upload, cancel } = useFileUpload();
  const uploading = state.phase === "uploading";
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {/* No name: the file itself never goes with the editor's form, only the address it gets. */}
        <input
          ref={picker}
          type="file"
          accept={UPLOAD_ACCEPT[kind]}
          aria-label={`${name} file`}
          className="hidden"
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (!file) return;
            const media = await upload(file, kind);
            if (media) onUploaded(media);
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={uploading}
          aria-describedby={state.phase === "failed" ? `${id}-error` : undefined}
          onClick={() => picker.current?.click()}
        >
          {uploading ? "Uploading…" : kind === "image" ? "Upload image" : "Upload audio"}
        </Button>
        <span className="text-xs text-muted-foreground">
          {kind === "image" ? "JPEG, PNG, WebP, AVIF or GIF" : "MP3, M4A/AAC or OGG"}, or type an address above.
        </span>
      </div>
      <UploadStatus state={state} id={`${id}-error`} onCancel={cancel} />
    </div>
  );
}
