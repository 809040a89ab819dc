/**
 * What the editor holds and what the server saves (PRODUCT.md "Editor"): the two modes, the choices the
 * form offers, the form's values and the saved input. Pure: used by the editor, its schema and the server.
 */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentField, type ContentType } from "~/lib/content-types";
import { DISCLOSURE_FIELD_NAMES, type DisclosureField, type SponsorshipColumn } from "~/lib/disclosure-fields";
import { FEATURE_TYPE_LABELS } from "~/lib/feature-types";

export type EditorMode = "create" | "edit";

/** PRODUCT.md "Editor": create offers draft (default) and published; edit offers all three. */
export const STATUS_CHOICES: Record<EditorMode, readonly ("draft" | "published" | "archived")[]> = {
  create: ["draft", "published"],
  edit: ["draft", "published", "archived"],
};

export const FEATURE_TYPE_OPTIONS = Object.entries(FEATURE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** What the form holds: every field as typed (numbers as text, PRODUCT.md "Editor"). */
export type EditorValues = {
  title: string;
  description: string;
  content: string;
  status: string;
  tags: string[];
  featured: boolean;
  /** PRODUCT.md "Scheduled publishing": the publication time as the control shows it without scripts (UTC); unset when none. */
  publishAt?: string;
  /** PRODUCT.md "Companies": the ids of the companies the item names (the loader also gives their names). */
  companyIds: string[];
  /** PRODUCT.md "Paid promotion": the flag and its sponsorship, as typed ('Paid for by' is a company's id or 'other'). */
  paidPromotion: boolean;
} & Record<DisclosureField, string> &
  Partial<Record<ContentField, string>>;

/** What the server saves: trimmed text or null, integers or null, a clean tag list. */
export type ContentInput = {
  title: string;
  description: string | null;
  content: string | null;
  status: "draft" | "published" | "archived";
  tags: string[];
  featured: boolean;
  /** PRODUCT.md "Scheduled publishing": the chosen publication time; null (or unset) for 'now'. */
  publishAt?: Date | null;
  /** PRODUCT.md "Companies": the item's whole set of companies, replacing the saved one; unset leaves it as it is. */
  companyIds?: string[];
  /** PRODUCT.md "Paid promotion": unset leaves the flag and the sponsorship as they are. */
  paidPromotion?: boolean;
  /** PRODUCT.md "Revisions": the public note of an edit of a published piece that corrects an error. */
  correction?: string | null;
} & Partial<Record<SponsorshipColumn, string | null>> &
  Partial<Record<ContentField, string | number | null>>;

export function emptyEditorValues(type: ContentType): EditorValues {
  const values: EditorValues = {
    title: "",
    description: "",
    content: "",
    status: "draft",
    tags: [],
    featured: false,
    companyIds: [],
    paidPromotion: false,
    ...(Object.fromEntries(DISCLOSURE_FIELD_NAMES.map((field) => [field, ""])) as Record<DisclosureField, string>),
  };
  for (const field of CONTENT_REGISTRY[type].fields) values[field] = "";
  return values;
}
