import { useRef, useState, type ChangeEvent } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, type FieldMeta } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { FIELD_SPECS } from "~/lib/editor-fields";
import { TRANSCRIPT_MAX_CHARACTERS } from "~/lib/transcripts";
import { useHydrated } from "~/lib/use-hydrated";

/** The file types the picker offers (PRODUCT.md "Transcripts"); a file's text is checked as pasted text is. */
const TRANSCRIPT_FILES = ".vtt,.srt,.txt,text/vtt,application/x-subrip,text/plain";

/**
 * PRODUCT.md "Transcripts": the transcript (pasted, or a WebVTT or SRT file read into the same box, so one
 * check covers both when the form is saved) and the chapters.
 */
export function TranscriptFields({ transcript, chapters }: { transcript: FieldMeta; chapters: FieldMeta }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    const textarea = box.current;
    if (!file || !textarea) return;
    // A file far over the limit is not read at all; the limit itself is checked on the text (characters).
    if (file.size > TRANSCRIPT_MAX_CHARACTERS * 4) {
      setFileNote(
        `${file.name} is too large: a transcript may have at most ${TRANSCRIPT_MAX_CHARACTERS.toLocaleString("en-US")} characters.`,
      );
      return;
    }
    const text = await file.text();
    // Set the value as typing would, so the form's checks run on it.
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(textarea, text);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    setFileNote(`Read ${file.name} into the transcript. It is checked when you save.`);
  }

  const transcriptSpec = FIELD_SPECS.transcript;
  const chaptersSpec = FIELD_SPECS.chapters;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Transcript</CardTitle>
        <CardDescription>Readers see it on the page, search finds its words and podcast apps show it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Field meta={transcript} label={transcriptSpec.label} hint={transcriptSpec.kind === "transcript" ? transcriptSpec.hint : undefined}>
          <Textarea ref={box} rows={8} spellCheck={false} mono />
        </Field>
        {/* The file is read into the box by the page's scripts: without them, paste it. */}
        {hydrated ? (
          <div className="flex flex-col gap-2">
            <label htmlFor="transcript-file" className="text-sm font-medium">
              Upload a transcript file
            </label>
            <input
              id="transcript-file"
              type="file"
              accept={TRANSCRIPT_FILES}
              onChange={(event) => void readFile(event)}
              aria-describedby={fileNote ? "transcript-file-note" : undefined}
              className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            {fileNote ? (
              <p id="transcript-file-note" role="status" className="text-xs text-muted-foreground">
                {fileNote}
              </p>
            ) : null}
          </div>
        ) : null}
        <Field meta={chapters} label={chaptersSpec.label} hint={chaptersSpec.kind === "chapters" ? chaptersSpec.hint : undefined}>
          <Textarea rows={4} spellCheck={false} placeholder={chaptersSpec.kind === "chapters" ? chaptersSpec.placeholder : undefined} />
        </Field>
      </CardContent>
    </Card>
  );
}
