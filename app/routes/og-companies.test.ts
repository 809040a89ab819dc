/**
 * A company page's link preview (PRODUCT.md "Company pages"): `/og/companies/{slug}.jpg`, the company's
 * logo on the brand card, kept for a year under the logo's version; the site's image without a logo; a 404
 * for an unknown or malformed slug.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { forgetPreviewFailures } from "~/server/discovery/preview-render.server";
import { companyPreviewPath, DEFAULT_PREVIEW_PATH, previewVersion } from "~/server/seo/preview-images.server";

import { BASE_URL } from "../../tests/support/auth";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { loader } from "./og.$";

const LOGO = "/media/video-market-open-1.svg";
const YEAR = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";

let dataDir: string;
restoreEnvAfterEach(["DATA_DIR"]);
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mw-og-companies-"));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
beforeEach(async () => {
  setEnv({ DATA_DIR: dataDir });
  forgetPreviewFailures();
  const db = await getDb();
  await db.execute(sql`truncate content_companies`);
  await db.execute(sql`delete from companies`);
});

function get(pathAndQuery: string): Promise<Response> {
  const request = new Request(`${BASE_URL}${pathAndQuery}`);
  return loader({ request, params: {}, context: {} } as never);
}

async function insertCompany(slug: string, logoUrl: string | null) {
  const db = await getDb();
  await db.insert(schema.companies).values({ name: slug, slug, ticker: slug.slice(0, 4).toUpperCase(), exchange: "ASX", logoUrl });
}

describe("a company's preview", () => {
  it("is its logo on the brand card: a 1200×630 JPEG of its own, kept for a year under the logo's version", async () => {
    await insertCompany("acme-gold", LOGO);
    const url = companyPreviewPath("acme-gold", LOGO);
    expect(url).toBe(`/og/companies/acme-gold.jpg?v=${previewVersion(LOGO)}`);
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe(YEAR);
    const body = Buffer.from(await response.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const site = Buffer.from(await (await get(DEFAULT_PREVIEW_PATH)).arrayBuffer());
    expect(body.equals(site)).toBe(false);
    // The white tile behind the logo, on the navy card.
    const { data } = await sharp(body).extract({ left: 86, top: 300, width: 4, height: 4 }).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(230);

    // A stale version still gets the picture, briefly cached.
    expect((await get("/og/companies/acme-gold.jpg?v=old")).headers.get("Cache-Control")).toBe(SHORT);
  });

  it("is the site's image, cached briefly, for a company without a logo or whose logo cannot be read", async () => {
    const site = Buffer.from(await (await get(DEFAULT_PREVIEW_PATH)).arrayBuffer());
    await insertCompany("plain-co", null);
    expect(companyPreviewPath("plain-co", null)).toBe(DEFAULT_PREVIEW_PATH);
    const plain = await get("/og/companies/plain-co.jpg");
    expect(plain.headers.get("Cache-Control")).toBe(SHORT);
    expect(Buffer.from(await plain.arrayBuffer()).equals(site)).toBe(true);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await insertCompany("missing-logo", "/media/no-such-logo.svg");
    const missing = await get(companyPreviewPath("missing-logo", "/media/no-such-logo.svg"));
    expect(missing.status).toBe(200);
    expect(missing.headers.get("Cache-Control")).toBe(SHORT);
    expect(Buffer.from(await missing.arrayBuffer()).equals(site)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it.each([
    "/og/companies/no-such-company.jpg",
    "/og/companies/Acme-Gold.jpg",
    "/og/companies/acme--gold.jpg",
    "/og/companies/a/b.jpg",
    "/og/companies/.jpg",
  ])("answers 404 for %s", async (pathname) => {
    await insertCompany("acme-gold", LOGO);
    const response = await get(pathname);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
