import { useId, useState } from "react";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/editor-fields";
import { addTag } from "~/lib/tags";

/**
 * PRODUCT.md "Editor", the tags box: a tag is added with the Add button or Enter, trimmed, ignored if empty
 * or already present, and removed by its own button. The list is submitted as repeated hidden inputs.
 */
export function TagsInput({
  tags,
  onChange,
  name = "tags",
  error,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  name?: string;
  error?: string;
}) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function add() {
    onChange(addTag(tags, draft));
    setDraft("");
  }

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="sr-only">
        New tag
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={draft}
          maxLength={LIMITS.tagLength}
          placeholder="Add a tag"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the tag instead of submitting the form (but not mid-composition in an IME).
            if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add
        </Button>
      </div>
      {tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" size="removable">
                <span className="max-w-48 truncate">{tag}</span>
                <button
                  type="button"
                  className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  <Icon name="x" className="size-3.5" />
                </button>
              </Badge>
              <input type="hidden" name={name} value={tag} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No tags yet.</p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
