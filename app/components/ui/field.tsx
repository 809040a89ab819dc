// Type-only: a public page that renders a Field never loads Conform.
import type { FieldMetadata } from "@conform-to/react";
import { cloneElement, type ReactElement } from "react";

import { cn } from "~/lib/utils";

/** What Field takes from Conform's metadata of a field (from `useForm`'s fieldset). */
export type FieldMeta = Pick<FieldMetadata<unknown, Record<string, unknown>, string[]>, "id" | "name" | "errors" | "defaultValue">;

type FieldSource =
  | {
      /** A field of a Conform form: its id, name, errors and the value typed before a failed submission. */
      meta: FieldMeta;
      id?: undefined;
      name?: undefined;
    }
  | {
      /** A plain field (the public contact form): the control's id and name. */
      meta?: undefined;
      id: string;
      name?: string;
    };

export type FieldProps = FieldSource & {
  label: string;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  hint?: string;
  /** The message to show, e.g. from a server reply's `error` record (the first one is shown); it wins over `meta`'s. */
  error?: string | readonly string[] | null;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
};

/**
 * A label, one control, its hint and its error message. The control gets the id, name and the
 * accessibility wiring (aria-invalid, aria-describedby naming the hint and the error) from here, so
 * every form announces field errors the same way.
 */
export function Field({ meta, id: plainId, name: plainName, label, required, hint, error, className, children }: FieldProps) {
  const id = meta ? meta.id : plainId;
  const name = meta ? meta.name : plainName;
  const errors = error ?? meta?.errors;
  const message = typeof errors === "string" ? errors : errors?.[0];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {/* A plain label with the Label component's look: no Radix on the public pages that use Field. */}
      <label htmlFor={id} data-slot="label" className="flex items-center gap-2 text-sm leading-none font-medium select-none">
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {cloneElement(children, {
        id,
        ...(name ? { name } : {}),
        ...(required ? { required: true } : {}),
        ...(meta?.defaultValue !== undefined ? { defaultValue: meta.defaultValue } : {}),
        "aria-invalid": message ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={message} />
    </div>
  );
}

/** A field's error message, named by the control's aria-describedby; nothing without a message. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
