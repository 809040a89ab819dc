import { describe, expect, it } from "vitest";

import { pageUrl } from "./page-url.server";

const of = (url: string) => pageUrl(new Request(url)).href;

describe("pageUrl", () => {
  it("leaves a page's own address as it is, query encoding included", () => {
    expect(of("http://localhost/videos?page=2&q=a%20b")).toBe("http://localhost/videos?page=2&q=a%20b");
    expect(of("http://localhost/admin/")).toBe("http://localhost/admin/");
  });

  it("drops the data request's ending, with or without a trailing slash, and for the home page", () => {
    expect(of("http://localhost/videos.data?page=2")).toBe("http://localhost/videos?page=2");
    expect(of("http://localhost/admin/_.data")).toBe("http://localhost/admin/");
    expect(of("http://localhost/_.data")).toBe("http://localhost/");
    expect(of("http://localhost/_root.data")).toBe("http://localhost/");
  });

  it("drops the framework's _routes and bare index parameters, and keeps the page's", () => {
    expect(of("http://localhost/admin/videos.data?q=x&_routes=routes%2Fadmin")).toBe("http://localhost/admin/videos?q=x");
    expect(of("http://localhost/admin/videos.data?index&page=3")).toBe("http://localhost/admin/videos?page=3");
    expect(of("http://localhost/list?index=4")).toBe("http://localhost/list?index=4");
  });
});
