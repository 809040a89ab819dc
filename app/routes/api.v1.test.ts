/**
 * PRODUCT.md "Content API": /api/v1 on a real database, through its route modules. Every answer with a body
 * is checked against the OpenAPI document's own schema for it (Ajv, JSON Schema 2020-12), and the document
 * against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator). The rate limit and the page cache
 * in front of the routes: api.v1.serving.test.ts.
 */
import { type AddressInfo } from "node:net";
import { Validator } from "@seriousme/openapi-schema-validator";
import addFormats from "ajv-formats";
import Ajv2020 from "ajv/dist/2020";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";
import { loader as unknownLoader } from "~/routes/api.v1.$";
import { loader as companiesLoader } from "~/routes/api.v1.companies";
import { loader as companyLoader } from "~/routes/api.v1.companies.$slug";
import { loader as itemsLoader } from "~/routes/api.v1.items";
import { loader as itemLoader } from "~/routes/api.v1.items.$id";
import { loader as openApiLoader } from "~/routes/api.v1.openapi[.]json";
import { deleteContent } from "~/server/content/admin-content.server";
import { saveItem } from "~/server/content/save-item.server";
import { counterRoutes } from "~/server/counting/endpoint.server";
import { getDb } from "~/server/db/db.server";

import {
  ADMIN_USER,
  createItem,
  insertBlogs,
  insertInterviews,
  insertPodcasts,
  insertSpecialFeatures,
  insertVideos,
  MISSING_ID,
} from "../../tests/support/content";
import { insertCompanies, SPONSORSHIP, tagItem } from "../../tests/support/item-promotion";
import { callRoute } from "../../tests/support/route";

const BASE = "http://localhost:3000";
const FUTURE = new Date(Date.now() + 86_400_000);

/* The document and a validator of answers against its schemas. */
const document = (await callRoute(openApiLoader, "/api/v1/openapi.json")).body as Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: "https://api.test/openapi.json" });

/** Fails the test unless `body` is what the document says schema `name` is. */
function expectConforms(name: string, body: unknown) {
  const validate = ajv.getSchema(`https://api.test/openapi.json#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  const valid = validate(body);
  expect(valid ? [] : validate.errors).toEqual([]);
}

type Page = {
  items: { id: string; type: string; paid: boolean; disclosure: unknown }[];
  next_cursor: string | null;
  tombstones?: unknown[];
};

/** GET /api/v1/items with this query; a 200's body is checked against ItemsPage. */
async function items(query = "", headers: Record<string, string> = {}) {
  const answer = await callRoute(itemsLoader, new Request(`${BASE}/api/v1/items${query}`, { headers }));
  if (answer.status === 200) expectConforms("ItemsPage", answer.body);
  else if (answer.status !== 304) expectConforms("Error", answer.body);
  return answer as typeof answer & { body: Page };
}

async function wipe() {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, content_companies, content_events, webhook_deliveries, content_publications,
      content_reviews, content_revisions, content_corrections, rate_limits, company_follows`,
  );
  await db.execute(sql`delete from companies`);
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is served with the API's headers", async () => {
    const answer = await callRoute(openApiLoader, "/api/v1/openapi.json");
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe("reading", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await wipe();
    const [ironbark, helios] = await insertCompanies([
      { name: "Ironbark Gold Ltd", slug: "ironbark-gold", ticker: "IBG" },
      { name: "Helios Energy", slug: "helios-energy", ticker: "HLE" },
    ]);
    const [v0, v1] = await insertVideos([
      {},
      { transcript: "WEBVTT\n\n00:00.000 --> 00:02.000\nHello", thumbnailUrl: "/uploads/v1.jpg" },
      { title: "Draft video", status: "draft", publishedAt: null },
      { title: "Archived video", status: "archived", publishedAt: null },
      { title: "Scheduled video", publishedAt: FUTURE },
    ]);
    const [p0] = await insertPodcasts([{ publishedAt: new Date(Date.UTC(2025, 0, 3)), description: "<p>Hello <b>world</b></p>" }]);
    const [b0, b1] = await insertBlogs([{ publishedAt: new Date(Date.UTC(2025, 0, 4)) }, { publishedAt: new Date(Date.UTC(2025, 0, 5)) }]);
    const [i0] = await insertInterviews([
      {
        publishedAt: new Date(Date.UTC(2025, 0, 6)),
        paidPromotion: true,
        ...SPONSORSHIP,
        disclosureSponsor: null,
        sponsorCompanyId: ironbark!.id,
      },
    ]);
    const [s0] = await insertSpecialFeatures([{ publishedAt: new Date(Date.UTC(2025, 0, 7)) }]);
    await tagItem("interview", i0!.id, [ironbark!.id]);
    await tagItem("blog", b0!.id, [ironbark!.id, helios!.id]);
    Object.assign(ids, { v0: v0!.id, v1: v1!.id, p0: p0!.id, b0: b0!.id, b1: b1!.id, i0: i0!.id, s0: s0!.id });
  });
  const newestFirst = () => [ids.s0, ids.i0, ids.b1, ids.b0, ids.p0, ids.v1, ids.v0];

  it("lists every published item, newest first; drafts, archived and scheduled items never", async () => {
    const answer = await items();
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((item) => item.id)).toEqual(newestFirst());
    expect(answer.body.next_cursor).toBeNull();
    expect(answer.body.tombstones).toBeUndefined();
  });

  it("gives an item's URLs, companies, transcript and plain-text description", async () => {
    const { body } = await items();
    const byId = new Map(body.items.map((item) => [item.id, item as unknown as Record<string, unknown>]));
    expect(byId.get(ids.v1)).toMatchObject({
      type: "video",
      url: `${BASE}/video/${ids.v1}`,
      embed_url: `${BASE}/embed/videos/${ids.v1}`,
      transcript_url: `${BASE}/transcripts/video/${ids.v1}.vtt`,
      image_url: `${BASE}/uploads/v1.jpg`,
      published_at: "2025-01-02T00:00:00.000000Z",
    });
    expect(byId.get(ids.p0)).toMatchObject({ description: "Hello world", transcript_url: null });
    expect(byId.get(ids.b0)).toMatchObject({
      companies: [
        { slug: "helios-energy", ticker_label: "ASX:HLE", url: `${BASE}/companies/helios-energy` },
        { slug: "ironbark-gold", ticker_label: "ASX:IBG" },
      ],
    });
  });

  it("filters by type, company (ticker in any case, or slug) and paid", async () => {
    expect((await items("?type=blog")).body.items.map((item) => item.id)).toEqual([ids.b1, ids.b0]);
    for (const company of ["ASX:IBG", "asx:ibg", "ironbark-gold"]) {
      expect((await items(`?company=${encodeURIComponent(company)}`)).body.items.map((item) => item.id)).toEqual([ids.i0, ids.b0]);
    }
    expect((await items("?company=nobody")).body.items).toEqual([]);
    expect((await items("?paid=true")).body.items.map((item) => item.id)).toEqual([ids.i0]);
    expect((await items("?paid=false&type=interview")).body.items).toEqual([]);
    expect((await items("?updated_since=2100-01-01T00:00:00Z")).body).toEqual({ items: [], next_cursor: null, tombstones: [] });
  });

  it("pages with the cursor to the end, without overlap", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const answer = await items(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.items.map((item) => item.id));
      cursor = answer.body.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst());
    // The cursor keeps the filters' own order: a filtered list pages too.
    const first = await items("?type=video&limit=1");
    const second = await items(`?type=video&limit=1&cursor=${first.body.next_cursor}`);
    expect([...first.body.items, ...second.body.items].map((item) => item.id)).toEqual([ids.v1, ids.v0]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("takes limit from 1 to 100", async () => {
    expect((await items("?limit=1")).body.items).toHaveLength(1);
    expect((await items("?limit=100")).status).toBe(200);
    for (const limit of ["0", "101", "abc", "2.5", "-1", ""]) {
      const answer = await items(`?limit=${limit}`);
      expect(answer.status, limit).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(/^limit /) });
    }
  });

  it("answers a bad parameter 400 with a message, never a 500", async () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const bad = [
      "?type=article",
      "?paid=yes",
      "?updated_since=yesterday",
      "?cursor=not-a-cursor!",
      `?cursor=${cursorOf(["2025-01-01", "x"])}`,
      `?cursor=${cursorOf({ at: 1 })}`,
      "?cursor=AAAA",
      "?company=%00",
      "?type=video%00",
      `?company=${"a".repeat(201)}`,
      "?colour=blue",
      "?type=video&type=blog",
      "?company=",
    ];
    for (const query of bad) {
      const answer = await items(query);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get("Cache-Control"), query).toBe("no-store");
      expect(answer.headers.get("Access-Control-Allow-Origin"), query).toBe("*");
    }
  });

  it("shows one published item, and 404 for any other id", async () => {
    const answer = await callRoute(itemLoader, `/api/v1/items/${ids.i0}`, { params: { id: ids.i0 } });
    expect(answer.status).toBe(200);
    expectConforms("Item", answer.body);
    const drafts = (await getDb()).execute<{ id: string }>(sql`select id from videos where status <> 'published' or published_at > now()`);
    for (const id of [MISSING_ID, "not-a-uuid", ...(await drafts).rows.map((row) => row.id)]) {
      const missing = await callRoute(itemLoader, `/api/v1/items/${id}`, { params: { id } });
      expect(missing.status, id).toBe(404);
      expectConforms("Error", missing.body);
    }
    expect((await callRoute(itemLoader, `/api/v1/items/${ids.i0}?x=1`, { params: { id: ids.i0 } })).status).toBe(400);
  });

  it("always gives a paid item its disclosure, whatever the parameters", async () => {
    const expected = {
      statement:
        "MarketWire received A$5,000 in cash from Ironbark Gold Ltd (ASX:IBG) for this interview. Sponsored interview with the chief executive. Agreement dated 1 September 2026.",
      payer: "Ironbark Gold Ltd (ASX:IBG)",
      paid: "A$5,000 in cash",
      agreement_date: "2026-09-01",
    };
    for (const query of ["", "?paid=true", "?type=interview&limit=1", "?company=ASX:IBG", "?updated_since=2000-01-01T00:00:00Z"]) {
      const paid = (await items(query)).body.items.filter((item) => item.paid);
      expect(paid, query).toHaveLength(1);
      expect(paid[0]!.disclosure, query).toEqual(expected);
    }
    const one = await callRoute(itemLoader, `/api/v1/items/${ids.i0}`, { params: { id: ids.i0 } });
    expect((one.body as { disclosure: unknown }).disclosure).toEqual(expected);
    expect((await items()).body.items.filter((item) => !item.paid).every((item) => item.disclosure === null)).toBe(true);
  });

  it("lists the companies A–Z and shows one by slug, 404 for an unknown one", async () => {
    const list = await callRoute(companiesLoader, "/api/v1/companies");
    expect(list.status).toBe(200);
    expectConforms("CompanyList", list.body);
    const companies = (list.body as { companies: Record<string, unknown>[] }).companies;
    expect(companies.map((company) => [company.slug, company.items])).toEqual([
      ["helios-energy", 1],
      ["ironbark-gold", 2],
    ]);
    const one = await callRoute(companyLoader, "/api/v1/companies/ironbark-gold", { params: { slug: "ironbark-gold" } });
    expect(one.status).toBe(200);
    expectConforms("Company", one.body);
    expect(one.body).toMatchObject({
      ticker_label: "ASX:IBG",
      url: `${BASE}/companies/ironbark-gold`,
      embed_url: `${BASE}/embed/companies/ironbark-gold`,
      items_url: `${BASE}/api/v1/items?company=ironbark-gold`,
    });
    const missing = await callRoute(companyLoader, "/api/v1/companies/nobody", { params: { slug: "nobody" } });
    expect(missing.status).toBe(404);
    expectConforms("Error", missing.body);
  });

  it("answers any other path under /api/v1 with a JSON 404", async () => {
    const answer = await callRoute(unknownLoader, "/api/v1/articles", { params: { "*": "articles" } });
    expect(answer.status).toBe(404);
    expectConforms("Error", answer.body);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("sends a strong ETag, answers 304 to If-None-Match, and lets any origin read", async () => {
    const first = await items("?type=blog");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(first.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect((await items("?type=blog")).headers.get("ETag")).toBe(etag);
    const again = await items("?type=blog", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await items("?type=video", { "If-None-Match": etag! })).status).toBe(200);
  });

  it("is never taken by the view and listen counters that server.ts answers first", async () => {
    const app = express();
    for (const { pattern, handler } of counterRoutes()) app.all(pattern, handler);
    app.use((_req, res) => res.status(299).send("the routes"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of [
        "/api/v1/items",
        `/api/v1/items/${ids.v0}`,
        "/api/v1/companies/view",
        "/api/v1/items/view",
        "/api/v1/openapi.json",
      ]) {
        expect((await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST" })).status, path).toBe(299);
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/videos/${ids.v0}/view`, { method: "GET" })).status).toBe(405);
    } finally {
      server.close();
    }
  });
});

describe("updated_since and tombstones", () => {
  beforeEach(wipe);
  const input = (overrides: Partial<ContentInput> = {}): ContentInput => ({
    title: "Item",
    description: null,
    content: null,
    status: "published",
    tags: [],
    featured: false,
    ...overrides,
  });

  it("lists the items changed since, and a tombstone for each item unpublished or deleted since", async () => {
    const kept = await createItem("blog", input({ title: "Kept" }));
    const unpublished = await createItem("blog", input({ title: "Unpublished" }));
    const deleted = await createItem("video", input({ title: "Deleted" }));
    // The database's clock, which stamps the events (the process's may read a moment differently).
    const clock = await (
      await getDb()
    ).execute<{ ms: number }>(sql`select floor(extract(epoch from clock_timestamp()) * 1000)::float8 as ms`);
    const since = new Date(Number(clock.rows[0]!.ms));
    await saveItem({ type: "blog", id: unpublished.id, input: input({ title: "Unpublished", status: "draft" }), user: ADMIN_USER });
    await deleteContent("video", deleted.id);
    const changed = await createItem("podcast", input({ title: "New" }));

    const answer = await items(`?updated_since=${since.toISOString()}`);
    expect(answer.body.items.map((item) => item.id)).toEqual([changed.id]);
    const tombstones = answer.body.tombstones as { id: string; type: string; at: string }[];
    expect(tombstones.map(({ id, type }) => [type, id]).sort()).toEqual(
      [
        ["blog", unpublished.id],
        ["video", deleted.id],
      ].sort(),
    );
    for (const tombstone of tombstones) expect(new Date(tombstone.at).getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
    // Without updated_since there is nothing to sync: no tombstones.
    expect((await items()).body.tombstones).toBeUndefined();
    expect((await items()).body.items.map((item) => item.id).sort()).toEqual([kept.id, changed.id].sort());
  });
});

afterAll(wipe);
