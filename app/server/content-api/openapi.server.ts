/**
 * The content API's OpenAPI 3.1 document (PRODUCT.md "Content API"), served at /api/v1/openapi.json. Its
 * schemas are JSON Schema 2020-12; a test validates the document and checks the API's real answers
 * against them, so the two cannot drift apart.
 */
import { CONTENT_TYPES } from "~/lib/content-types";

import { absoluteUrl } from "../seo/site-url.server";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./api-query.server";

/** A JSON Schema (2020-12) as OpenAPI 3.1 embeds it. */
export type JsonSchema = { [keyword: string]: unknown };

/** The parts of an OpenAPI 3.1 document this API uses. */
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown>; parameters: Record<string, unknown> };
}

const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, "null"], ...extra });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const dateTime = { type: "string", format: "date-time" };
const url = { type: "string", format: "uri" };

const schemas: Record<string, JsonSchema> = {
  Error: {
    type: "object",
    required: ["error"],
    additionalProperties: false,
    properties: { error: { type: "string", description: "What was wrong, in a sentence." } },
  },
  ItemCompany: {
    type: "object",
    required: ["slug", "name", "exchange", "ticker", "ticker_label", "url"],
    additionalProperties: false,
    properties: {
      slug: { type: "string" },
      name: { type: "string" },
      exchange: { type: "string" },
      ticker: { type: "string" },
      ticker_label: { type: "string", examples: ["ASX:IBG"] },
      url: { ...url, description: "The company's page." },
    },
  },
  Disclosure: {
    type: "object",
    description: "A paid item's disclosure, as its page shows it. Always present on a paid item; no parameter leaves it out.",
    required: ["statement", "payer", "paid", "agreement_date"],
    additionalProperties: false,
    properties: {
      statement: {
        type: "string",
        examples: [
          "MarketWire received A$7,500 in cash from Ironbark Gold Ltd (ASX:IBG) for this interview. Agreement dated 3 November 2026.",
        ],
      },
      payer: nullable("string", { description: "Who paid, as the statement names them." }),
      paid: nullable("string", { description: "What was paid.", examples: ["A$7,500 in cash", "250,000 shares"] }),
      agreement_date: nullable("string", { format: "date" }),
    },
  },
  Item: {
    type: "object",
    required: [
      "id",
      "type",
      "title",
      "description",
      "tags",
      "image_url",
      "published_at",
      "updated_at",
      "paid",
      "url",
      "embed_url",
      "transcript_url",
      "companies",
      "disclosure",
    ],
    additionalProperties: false,
    properties: {
      id: { type: "string", format: "uuid" },
      type: { enum: [...CONTENT_TYPES] },
      title: { type: "string" },
      description: nullable("string", { description: "Plain text." }),
      tags: { type: "array", items: { type: "string" } },
      image_url: nullable("string", { format: "uri" }),
      published_at: dateTime,
      updated_at: { ...dateTime, description: "The last change readers could see (at least published_at)." },
      paid: { type: "boolean", description: "A paid promotion." },
      url: { ...url, description: "The item's canonical page." },
      embed_url: { ...url, description: "The item's embeddable page." },
      transcript_url: nullable("string", { format: "uri", description: "Videos, podcasts and interviews with a transcript." }),
      companies: { type: "array", items: ref("ItemCompany") },
      disclosure: { oneOf: [ref("Disclosure"), { type: "null" }] },
    },
    // A paid item always carries its disclosure.
    if: { properties: { paid: { const: true } } },
    then: { properties: { disclosure: ref("Disclosure") } },
    else: { properties: { disclosure: { type: "null" } } },
  },
  Tombstone: {
    type: "object",
    required: ["id", "type", "at"],
    additionalProperties: false,
    properties: {
      id: { type: "string", format: "uuid" },
      type: { enum: [...CONTENT_TYPES] },
      at: { ...dateTime, description: "When it was unpublished or deleted." },
    },
  },
  ItemsPage: {
    type: "object",
    required: ["items", "next_cursor"],
    additionalProperties: false,
    properties: {
      items: { type: "array", items: ref("Item"), maxItems: MAX_LIMIT },
      next_cursor: nullable("string", { description: "Pass as `cursor` for the next page; null on the last." }),
      tombstones: {
        type: "array",
        items: ref("Tombstone"),
        description: "With `updated_since` (first page): items unpublished or deleted since then that are not published now.",
      },
    },
  },
  Company: {
    type: "object",
    required: [
      "id",
      "slug",
      "name",
      "exchange",
      "ticker",
      "ticker_label",
      "sector",
      "sector_label",
      "website",
      "logo_url",
      "description",
      "items",
      "updated_at",
      "url",
      "embed_url",
      "items_url",
    ],
    additionalProperties: false,
    properties: {
      id: { type: "string", format: "uuid" },
      slug: { type: "string" },
      name: { type: "string" },
      exchange: { type: "string" },
      ticker: { type: "string" },
      ticker_label: { type: "string" },
      sector: nullable("string"),
      sector_label: nullable("string"),
      website: nullable("string"),
      logo_url: nullable("string", { format: "uri" }),
      description: nullable("string"),
      items: { type: "integer", minimum: 0, description: "Published items naming it." },
      updated_at: dateTime,
      url: { ...url, description: "The company's page." },
      embed_url: { ...url, description: "Its coverage, embeddable." },
      items_url: { ...url, description: "This API's list of its items." },
    },
  },
  CompanyList: {
    type: "object",
    required: ["companies"],
    additionalProperties: false,
    properties: { companies: { type: "array", items: ref("Company") } },
  },
};

const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed per window.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window ends.", schema: { type: "integer" } },
};

const jsonOf = (schema: JsonSchema) => ({ "application/json": { schema } });
const ok = (description: string, schema: string) => ({
  description,
  headers: { ETag: { schema: { type: "string" } }, "Cache-Control": { schema: { type: "string" } }, ...rateLimitHeaders },
  content: jsonOf(ref(schema)),
});
const responses = (success: Record<string, unknown>, notFound = false) => ({
  "200": success,
  "304": { $ref: "#/components/responses/NotModified" },
  "400": { $ref: "#/components/responses/BadRequest" },
  ...(notFound ? { "404": { $ref: "#/components/responses/NotFound" } } : {}),
  "429": { $ref: "#/components/responses/TooManyRequests" },
});
const errorResponse = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...rateLimitHeaders, ...headers },
  content: jsonOf(ref("Error")),
});

/** The document, with the site's own address as its server. */
export function openApiDocument(): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "MarketWire content API",
      version: "1",
      description:
        "Read-only: MarketWire's published items and the companies they name. No key needed. Answers carry a strong ETag " +
        "(send If-None-Match for a 304), Cache-Control and Access-Control-Allow-Origin: *; each address has a rate limit per " +
        "minute, told in RateLimit-* headers, past which the answer is 429 with Retry-After.",
    },
    servers: [{ url: absoluteUrl("/api/v1") }],
    paths: {
      "/items": {
        get: {
          operationId: "listItems",
          summary: "Published items, newest first",
          parameters: [
            { name: "type", in: "query", schema: { enum: [...CONTENT_TYPES] } },
            {
              name: "company",
              in: "query",
              description: "Items naming this company: EXCHANGE:TICKER (any case) or its slug.",
              schema: { type: "string", maxLength: 200 },
              examples: { ticker: { value: "ASX:IBG" }, slug: { value: "ironbark-gold" } },
            },
            { name: "paid", in: "query", schema: { enum: ["true", "false"] } },
            {
              name: "updated_since",
              in: "query",
              description: "Items changed after this time; the answer then also lists tombstones.",
              schema: { type: "string", format: "date-time" },
            },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
            { name: "cursor", in: "query", description: "The next_cursor of the page before.", schema: { type: "string" } },
          ],
          responses: responses(ok("A page of items", "ItemsPage")),
        },
      },
      "/items/{id}": {
        get: {
          operationId: "getItem",
          summary: "One published item",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
          responses: responses(ok("The item", "Item"), true),
        },
      },
      "/companies": {
        get: { operationId: "listCompanies", summary: "Every company, A–Z", responses: responses(ok("The companies", "CompanyList")) },
      },
      "/companies/{slug}": {
        get: {
          operationId: "getCompany",
          summary: "One company",
          parameters: [{ name: "slug", in: "path", required: true, schema: { type: "string" } }],
          responses: responses(ok("The company", "Company"), true),
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          responses: { "200": { description: "The OpenAPI 3.1 document", content: jsonOf({ type: "object" }) } },
        },
      },
    },
    components: {
      schemas,
      parameters: {},
      responses: {
        NotModified: { description: "The copy named in If-None-Match is current." },
        BadRequest: errorResponse("A query parameter is wrong, unknown or given twice."),
        NotFound: errorResponse("Nothing published has this id or slug."),
        TooManyRequests: errorResponse("Past the address's rate limit.", {
          "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } },
        }),
      },
    },
  };
}
