import { cloneElement, type ReactElement } from "react";

import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/**
 * A label, one control, its hint and its error message. The control gets the id, name and the
 * accessibility wiring (aria-invalid, aria-describedby naming the hint and the error) from here, so
 * every form announces field errors the same way.
 */
export function FormField({
  id,
  name,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  name?: string;
  label: string;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {cloneElement(children, {
        id,
        ...(name ? { name } : {}),
        ...(required ? { required } : {}),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
