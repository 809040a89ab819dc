import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { COMPANY_TEXTS } from "~/lib/companies";
import { tickerLabel } from "~/lib/disclosure";
import { LIMITS } from "~/lib/editor-fields";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { ItemCompanyRow } from "~/server/content/item-companies.server";

/** The picker's endpoint (routes/admin.companies.search.ts). */
export const COMPANY_SEARCH_PATH = "/admin/companies/search";

/** Typing searches after this pause, so a name typed quickly is one request. */
const SEARCH_DELAY_MS = 250;

const countText = (n: number) => (n === 1 ? "1 company found" : `${n} companies found`);

/**
 * PRODUCT.md "Companies": the editor's box of the companies an item names. With scripts, a combobox
 * (the WAI-ARIA pattern, list autocomplete with the first match active) searches names and tickers and
 * adds the chosen one as a removable chip carrying a hidden `name` input. Before the scripts run, the chosen
 * companies are ticked checkboxes of the same name, so they can be kept or removed; adding needs scripts.
 */
export function CompanyPicker({
  chosen,
  onChange,
  name = "companyIds",
  error,
  searchPath = COMPANY_SEARCH_PATH,
}: {
  chosen: ItemCompanyRow[];
  onChange: (companies: ItemCompanyRow[]) => void;
  name?: string;
  error?: string;
  searchPath?: string;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint = `Search by name or ticker. Up to ${LIMITS.companies} companies.`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{hydrated ? <label htmlFor={`${id}-input`}>Companies</label> : "Companies"}</CardTitle>
        <CardDescription id={hintId}>{hint}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {hydrated ? (
          <CompanyCombobox
            inputId={`${id}-input`}
            describedBy={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
            invalid={Boolean(error)}
            chosen={chosen}
            onChange={onChange}
            name={name}
            searchPath={searchPath}
          />
        ) : (
          <ChosenCheckboxes chosen={chosen} name={name} />
        )}
        <FieldError id={errorId} message={error} />
      </CardContent>
    </Card>
  );
}

/** Without scripts: what is chosen can be kept (ticked) or removed (unticked) on the next save. */
function ChosenCheckboxes({ chosen, name }: { chosen: ItemCompanyRow[]; name: string }) {
  return (
    <>
      {chosen.length ? (
        <ul className="space-y-2" aria-label="Chosen companies">
          {chosen.map((company) => (
            <li key={company.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={`company-${company.id}`}
                name={name}
                value={company.id}
                defaultChecked
                className="size-4 accent-primary"
              />
              <label htmlFor={`company-${company.id}`} className="text-sm">
                {company.name} <span className="text-muted-foreground">{tickerLabel(company)}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No companies yet.</p>
      )}
      <p className="text-sm text-muted-foreground">Adding companies needs JavaScript.</p>
    </>
  );
}

type SearchState = { status: "idle" } | { status: "loading" } | { status: "done"; companies: ItemCompanyRow[] } | { status: "failed" };

function CompanyCombobox({
  inputId,
  describedBy,
  invalid,
  chosen,
  onChange,
  name,
  searchPath,
}: {
  inputId: string;
  describedBy: string;
  invalid: boolean;
  chosen: ItemCompanyRow[];
  onChange: (companies: ItemCompanyRow[]) => void;
  name: string;
  searchPath: string;
}) {
  const listboxId = `${inputId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // What the live region says: result counts, and what was added or removed.
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const chosenIds = new Set(chosen.map((company) => company.id));
  // A company already chosen is not offered again.
  const options = search.status === "done" ? search.companies.filter((company) => !chosenIds.has(company.id)) : [];
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[Math.min(active, options.length - 1)] : undefined;

  function type(text: string) {
    setQuery(text);
    clearTimeout(timer.current);
    request.current?.abort();
    const q = text.trim();
    if (!q) {
      setSearch({ status: "idle" });
      setOpen(false);
      setAnnouncement("");
      return;
    }
    setSearch({ status: "loading" });
    timer.current = setTimeout(() => void load(q), SEARCH_DELAY_MS);
  }

  async function load(q: string) {
    const controller = new AbortController();
    request.current = controller;
    try {
      const response = await fetch(`${searchPath}?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`company search answered ${response.status}`);
      const body = (await response.json()) as { companies: ItemCompanyRow[] };
      if (controller.signal.aborted) return;
      const offered = body.companies.filter((company) => !chosenIds.has(company.id));
      setSearch({ status: "done", companies: body.companies });
      setActive(0);
      setOpen(true);
      setAnnouncement(offered.length ? countText(offered.length) : COMPANY_TEXTS.empty);
    } catch {
      if (controller.signal.aborted) return;
      setSearch({ status: "failed" });
      setOpen(false);
      setAnnouncement(COMPANY_TEXTS.fetchFailed);
    }
  }

  function choose(company: ItemCompanyRow) {
    onChange([...chosen, company]);
    setQuery("");
    setSearch({ status: "idle" });
    setOpen(false);
    setAnnouncement(`${company.name} added`);
    inputRef.current?.focus();
  }

  function remove(company: ItemCompanyRow) {
    onChange(chosen.filter((c) => c.id !== company.id));
    setAnnouncement(`${company.name} removed`);
    // The chip's button is gone; the search box keeps focus in the box.
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (options.length === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.key === "ArrowDown" ? 0 : options.length - 1);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((index) => (Math.min(index, options.length - 1) + step + options.length) % options.length);
        return;
      }
      case "Enter":
        // Enter chooses; it never submits the editor from here.
        event.preventDefault();
        if (activeOption) choose(activeOption);
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          type("");
        }
        return;
    }
  }

  // Shown under the box when there is nothing to list; counts are for screen readers only.
  const visibleStatus =
    search.status === "failed" || (search.status === "done" && options.length === 0 && query.trim() !== "") ? announcement : "";

  return (
    <>
      <div className="relative">
        <Input
          ref={inputRef}
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? `${listboxId}-${activeOption.id}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search companies"
          value={query}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => search.status === "done" && setOpen(true)}
        />
        {/* Always in the document, so aria-controls names an element; hidden while there is nothing to show. */}
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Matching companies"
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {expanded
            ? options.map((company) => (
                <li
                  key={company.id}
                  id={`${listboxId}-${company.id}`}
                  role="option"
                  aria-selected={company.id === activeOption?.id}
                  className={cn(
                    "flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm",
                    company.id === activeOption?.id && "bg-accent text-accent-foreground",
                  )}
                  // Keeps focus in the search box, so the click chooses before the box's blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(company)}
                >
                  <span className="min-w-0 truncate font-medium">{company.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{tickerLabel(company)}</span>
                </li>
              ))
            : null}
        </ul>
      </div>
      <p role="status" className={cn("text-sm text-muted-foreground", !visibleStatus && "sr-only")}>
        {announcement}
      </p>
      {chosen.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen companies">
          {chosen.map((company) => (
            <li key={company.id}>
              <Badge variant="secondary" size="removable">
                <span className="max-w-48 truncate">{company.name}</span>
                <span className="text-xs text-muted-foreground">{tickerLabel(company)}</span>
                <button
                  type="button"
                  className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remove ${company.name}`}
                  onClick={() => remove(company)}
                >
                  <Icon name="x" className="size-3.5" />
                </button>
              </Badge>
              <input type="hidden" name={name} value={company.id} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No companies yet.</p>
      )}
    </>
  );
}
