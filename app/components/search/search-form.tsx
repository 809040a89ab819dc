import * as React from "react";
import { Form, useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import type { ContentType } from "~/lib/content-types";
import { buildSearchHref, MAX_QUERY_LENGTH, parseTypes, type SearchTypeFilter } from "~/lib/search";
import { cn } from "~/lib/utils";

/** The query and the ticked types of the form as it is now. */
function formState(form: HTMLFormElement): { q: string; types: ContentType[] } {
  const data = new FormData(form);
  const q = data.get("q");
  return { q: typeof q === "string" ? q : "", types: parseTypes(data.getAll("types").map(String)) };
}

/**
 * The search box and the type filters. A plain GET form to /search, so it works before JavaScript
 * loads (the browser then sends `types=a&types=b`, which the page reads too). Once hydrated, submitting
 * or ticking a type navigates to the canonical URL (`types=a,b`) with no page, so both reset to page 1
 * (PRODUCT.md "Search") and every state has its own history entry for the back button.
 */
export function SearchForm({
  q,
  types,
  filters,
  className,
}: {
  q: string;
  types: readonly ContentType[];
  /** The type checkboxes, from the loader (so the page does not load the content-type registry). */
  filters: readonly SearchTypeFilter[];
  className?: string;
}) {
  const navigate = useNavigate();
  // The box follows the URL (back/forward, header search) but keeps what the visitor is typing.
  const [value, setValue] = React.useState(q);
  const [shownQ, setShownQ] = React.useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setValue(q);
  }
  const ticked = new Set(types);
  // The boxes are left to the browser so a click shows at once (a controlled box would snap back until
  // the next page's data arrives); re-keying them when the URL's types change follows back/forward.
  const typesKey = types.join(",");

  function go(form: HTMLFormElement) {
    navigate(buildSearchHref(formState(form)));
  }

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Search content"
      className={cn("space-y-4", className)}
      onSubmit={(event) => {
        event.preventDefault();
        go(event.currentTarget);
      }}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor="search-query" className="text-sm font-medium">
          Search for
        </label>
        <div className="flex gap-2">
          <Input
            id="search-query"
            name="q"
            type="search"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Companies, markets, topics…"
            autoComplete="off"
            enterKeyHint="search"
            tall
          />
          <Button type="submit" size="tall">
            <Icon name="search" /> Search
          </Button>
        </div>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Content types</legend>
        <div className="flex flex-wrap gap-2">
          {filters.map(({ type, label }) => (
            <label
              key={type}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors select-none hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
            >
              <input
                key={`${type}:${typesKey}`}
                type="checkbox"
                name="types"
                value={type}
                defaultChecked={ticked.has(type)}
                onChange={(event) => go(event.currentTarget.form!)}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">None ticked searches every type.</p>
      </fieldset>
    </Form>
  );
}
