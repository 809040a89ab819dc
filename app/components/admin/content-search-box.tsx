import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";

import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";

/**
 * Server-side search (PRODUCT.md "Admin lists": a new search starts at page 1, q kept in the URL). A GET
 * form, so Enter works without JavaScript; with it, typing submits after a short pause.
 */
export function ContentSearchBox({ q, label }: { q: string; label: string }) {
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward changes q: mirror it unless the admin is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" role="search" className="relative max-w-md" onSubmit={() => clearTimeout(timer.current)}>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={inputRef}
        type="search"
        name="q"
        defaultValue={q}
        aria-label={label}
        placeholder={`${label}...`}
        className="pl-9"
        onChange={(event) => {
          const value = event.currentTarget.value.trim();
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            submit(value ? { q: value } : {}, { method: "get", replace: true, preventScrollReset: true });
          }, 300);
        }}
      />
    </Form>
  );
}
