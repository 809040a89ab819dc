/**
 * The company page links the company's feed (PRODUCT.md "Discovery"): in `<head>` after the site's feed,
 * and as a visible 'RSS feed' link under the company's name.
 */
import "../../tests/support/dom";

import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { emptyBeforeEach } from "../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import CompanyPage, { loader as companyLoader, meta as companyMeta } from "./companies.$slug";

emptyBeforeEach(schema.companies);
restoreEnvAfterEach(["PUBLIC_URL"]);

async function loadIronbark() {
  const db = await getDb();
  await db.insert(schema.companies).values({ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG", exchange: "ASX" });
  return callRoute(companyLoader, "/companies/ironbark-gold", { params: { slug: "ironbark-gold" }, throws: false });
}

const feedLinks = (tags: ReturnType<typeof companyMeta>) =>
  tags.filter((tag) => "rel" in tag && tag.rel === "alternate" && tag.type === "application/rss+xml");

describe('/companies/{slug} links its feed (PRODUCT.md "Discovery")', () => {
  it("carries the company's feed in <head>, after the site's feed, on PUBLIC_URL", async () => {
    setEnv({ PUBLIC_URL: "https://news.example.com" });
    const { status, body } = await loadIronbark();
    expect(status).toBe(200);
    const tags = companyMeta({ loaderData: body } as Parameters<typeof companyMeta>[0]);
    expect(feedLinks(tags)).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: "MarketWire: All content",
        href: "https://news.example.com/rss.xml",
      },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: "Ironbark Gold (ASX:IBG) on MarketWire",
        href: "https://news.example.com/companies/ironbark-gold/rss.xml",
      },
    ]);
  });

  it("shows a labelled, focusable 'RSS feed' link to the feed in the company's header", async () => {
    const { body } = await loadIronbark();
    renderRoute(CompanyPage, "/companies/ironbark-gold", { path: "/companies/:slug", loaderData: body });
    const link = screen.getByRole("link", { name: "RSS feed of Ironbark Gold" });
    expect(link.getAttribute("href")).toBe("/companies/ironbark-gold/rss.xml");
    expect(link.getAttribute("type")).toBe("application/rss+xml");
    expect(link.textContent).toContain("RSS feed");
    expect(link.closest("header")).not.toBeNull();
    link.focus();
    expect(document.activeElement).toBe(link);
  });

  it("links no company feed on the not-found page", async () => {
    const { status, body } = await callRoute(companyLoader, "/companies/no-such-company", {
      params: { slug: "no-such-company" },
      throws: false,
    });
    expect(status).toBe(404);
    expect(feedLinks(companyMeta({ loaderData: body } as Parameters<typeof companyMeta>[0]))).toEqual([]);
    renderRoute(CompanyPage, "/companies/no-such-company", { path: "/companies/:slug", loaderData: body });
    expect(screen.queryByRole("link", { name: /RSS feed/ })).toBeNull();
  });
});
