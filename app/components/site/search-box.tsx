import * as React from "react";
import { useNavigate } from "react-router";

import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/** PRODUCT.md "Header": a trimmed non-empty query goes to /search?q=…, an empty one to /search. */
export function searchHref(query: string): string {
  const q = query.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : "/search";
}

/**
 * The header search box. A real GET form to /search, so it works before JavaScript loads; once hydrated
 * the query is trimmed and an empty query drops `q` (PRODUCT.md "Header").
 */
export function SearchBox({
  id,
  className,
  inputClassName,
  onSubmitted,
  tone = "default",
}: {
  id: string;
  className?: string;
  inputClassName?: string;
  onSubmitted?: () => void;
  tone?: "default" | "inverted";
}) {
  const navigate = useNavigate();
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get("q");
    navigate(searchHref(typeof query === "string" ? query : ""));
    onSubmitted?.();
  }
  return (
    <form role="search" action="/search" method="get" onSubmit={submit} className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Search MarketWire
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search MarketWire"
        autoComplete="off"
        enterKeyHint="search"
        className={cn(
          "h-9 w-full rounded-full border py-1 pr-10 pl-4 text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:ring-[3px]",
          tone === "inverted"
            ? "border-white/20 bg-white/10 text-white placeholder:text-white/60 focus-visible:border-white/60 focus-visible:ring-white/30"
            : "border-input bg-background placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50",
          inputClassName,
        )}
      />
      <button
        type="submit"
        aria-label="Submit search"
        className={cn(
          "absolute top-1/2 right-1 flex size-7 -translate-y-1/2 items-center justify-center rounded-full outline-none focus-visible:ring-[3px]",
          tone === "inverted"
            ? "text-white/80 hover:bg-white/15 hover:text-white focus-visible:ring-white/40"
            : "text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-ring/50",
        )}
      >
        <Icon name="search" className="size-4" />
      </button>
    </form>
  );
}
