import "../../tests/support/dom";

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { InterviewCard } from "~/components/content/interview-card";
import * as toasts from "~/components/toasts";
import { publicPageHeaders } from "~/lib/cache-headers";
import { NOINDEX } from "~/lib/seo";
import * as interviewsServer from "~/server/content/interviews.server";
import { schema } from "~/server/db/db.server";

import { day, emptyBeforeEach, insertInterviews, MISSING_ID } from "../../tests/support/content";
import { describeItemPromotion, emptyCompaniesBeforeEach, insertCompanies, PAID, tagItem } from "../../tests/support/item-promotion";
import { renderRoute } from "../../tests/support/render";
import { callRoute } from "../../tests/support/route";
import InterviewPage, { headers, loader, meta } from "./interviews.$id";

const loadInterview = (id: string) => callRoute(loader, `/interviews/${id}`, { params: { id }, throws: false });
const render = (id: string, loaderData: unknown) =>
  renderRoute(InterviewPage, `/interviews/${id}`, { path: "/interviews/:id", loaderData });
const metaOf = (loaderData: unknown) => meta({ loaderData } as Parameters<typeof meta>[0]);

emptyBeforeEach(schema.interviews);

describe("/interviews/{id} loader", () => {
  it("returns the published interview with sanitised content and up to 3 other interviews, newest first", async () => {
    const rows = await insertInterviews(Array.from({ length: 5 }, (_, i) => ({ title: `I${i}` })));
    await insertInterviews([{ title: "Hidden draft", status: "draft", publishedAt: day(30) }]);
    const [main] = await insertInterviews([
      {
        title: "Main",
        publishedAt: day(20),
        intervieweeName: "Ann Analyst",
        intervieweeTitle: "CEO, Example Mining",
        videoUrl: "https://www.youtube.com/watch?v=V4ZDealMRJY",
        duration: 125,
        views: 2400,
        tags: ["gold"],
        description: "A talk about gold.",
        content: `<h2>Notes</h2><p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>`,
      },
    ]);
    const { status, body, headers: answerHeaders } = await loadInterview(main.id);
    expect(status).toBe(200);
    expect(answerHeaders.get("Cache-Control")).toBeNull();
    expect(body.interview).toMatchObject({
      id: main.id,
      title: "Main",
      intervieweeName: "Ann Analyst",
      intervieweeTitle: "CEO, Example Mining",
      videoUrl: "https://www.youtube.com/watch?v=V4ZDealMRJY",
      duration: 125,
      views: 2400,
      tags: ["gold"],
      description: "A talk about gold.",
      publishedAt: day(20),
    });
    expect(body.interview!.contentHtml).toContain("<h2>Notes</h2>");
    expect(body.interview!.contentHtml).toContain("Hi");
    expect(body.interview!.contentHtml).not.toMatch(/script|onclick|onerror/);
    expect(body.interview).not.toHaveProperty("content");
    expect(body.moreInterviews.map((i) => i.title)).toEqual(["I4", "I3", "I2"]);
    expect(body.moreInterviews.map((i) => i.id)).toEqual([rows[4].id, rows[3].id, rows[2].id]);
  });

  it("never lists the interview itself among the others", async () => {
    const rows = await insertInterviews([{ title: "I0" }, { title: "I1" }, { title: "I2" }]);
    const { body } = await loadInterview(rows[2].id);
    expect(body.moreInterviews.map((i) => i.title)).toEqual(["I1", "I0"]);
  });

  it("has no other interviews when it is the only one", async () => {
    const [only] = await insertInterviews([{ content: null }]);
    const { body } = await loadInterview(only.id);
    expect(body.moreInterviews).toEqual([]);
    expect(body.interview!.contentHtml).toBe("");
  });

  it.each(["draft", "archived"] as const)("answers 404 with the not-found state, never cached, for a %s interview", async (status) => {
    const [row] = await insertInterviews([{ status, publishedAt: null }]);
    const result = await loadInterview(row.id);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ interview: null, moreInterviews: [], meta: [{ title: "Interview Not Found | MarketWire" }, NOINDEX] });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([MISSING_ID, "not-a-uuid", "1", "%27%20or%201=1"])("answers 404 for the unknown or malformed id %j", async (id) => {
    await insertInterviews([{}]);
    const result = await loadInterview(id);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ interview: null, moreInterviews: [], meta: [{ title: "Interview Not Found | MarketWire" }, NOINDEX] });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lets a database failure reach the error boundary, as the other detail pages do", async () => {
    const failure = vi.spyOn(interviewsServer, "getPublishedInterview").mockRejectedValueOnce(new Error("connection refused"));
    await expect(loadInterview(MISSING_ID)).rejects.toThrow("connection refused");
    failure.mockRestore();
  });

  it("sends the public pages' cache headers", () => {
    expect(headers).toBe(publicPageHeaders);
  });
});

describe("/interviews/{id} page", () => {
  it("shows the interview, its video player and the other interviews", async () => {
    const [other] = await insertInterviews([{ title: "Other talk", intervieweeName: "Bo" }]);
    const [main] = await insertInterviews([
      {
        title: "Main talk",
        publishedAt: day(20),
        intervieweeName: "Ann Analyst",
        intervieweeTitle: "CEO, Example Mining",
        videoUrl: "https://www.youtube.com/watch?v=V4ZDealMRJY",
        audioUrl: "/media/talk.mp3",
        duration: 125,
        views: 2400,
        tags: ["gold", "mining"],
        description: "A talk about gold.",
        content: "<p>The full transcript.</p>",
      },
    ]);
    const { body } = await loadInterview(main.id);
    const { container } = render(main.id, body);
    expect(screen.getByRole("heading", { level: 1, name: "Main talk" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Interviews" }).getAttribute("href")).toBe("/interviews");
    expect(screen.getByText("Ann Analyst")).toBeTruthy();
    expect(screen.getByText("CEO, Example Mining")).toBeTruthy();
    expect(screen.getByText("January 21, 2025")).toBeTruthy();
    expect(screen.getByText("2:05")).toBeTruthy();
    expect(screen.getByText("2.4K views")).toBeTruthy();
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((tag) => tag.textContent)).toEqual(["gold", "mining"]);
    // The video wins over the audio.
    // PRODUCT.md "Video": the host's frame waits for the Play button.
    expect(screen.getByRole("button", { name: "Play video: Main talk" })).toBeTruthy();
    expect(container.querySelector("audio")).toBeNull();
    expect(screen.getByText("A talk about gold.")).toBeTruthy();
    expect(screen.getByText("The full transcript.")).toBeTruthy();
    const more = screen.getByRole("complementary", { name: "More Interviews" });
    expect(
      within(more)
        .getByRole("link", { name: /Other talk/ })
        .getAttribute("href"),
    ).toBe(`/interviews/${other.id}`);
  });

  it("plays the audio when there is no video, and says when there are no other interviews", async () => {
    const [main] = await insertInterviews([{ title: "Audio only", audioUrl: "/media/talk.mp3" }]);
    const { body } = await loadInterview(main.id);
    const { container } = render(main.id, body);
    // The audio player is loaded on demand (PRODUCT.md "Speed").
    await waitFor(() => expect(container.querySelector("audio")?.getAttribute("src")).toBe("/media/talk.mp3"));
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByText("No other interviews yet.")).toBeTruthy();
  });

  it('has a Share button that copies the page\'s address and says so (PRODUCT.md "Detail pages")', async () => {
    const [main] = await insertInterviews([{ title: "Shared" }]);
    const { body } = await loadInterview(main!.id);
    render(main!.id, body);
    const copied = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const notified = vi.spyOn(toasts, "notify").mockImplementation(() => {});
    try {
      fireEvent.click(screen.getByRole("button", { name: "Share" }));
      await waitFor(() =>
        expect(notified).toHaveBeenCalledWith("success", "Link copied!", "Interview link has been copied to your clipboard."),
      );
      expect(copied).toHaveBeenCalledWith(window.location.href);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("shows 'Interview Not Found' with a way to every interview", async () => {
    const { body } = await loadInterview(MISSING_ID);
    render(MISSING_ID, body);
    expect(screen.getByRole("heading", { level: 1, name: "Interview Not Found" })).toBeTruthy();
    expect(screen.getByText("The interview you're looking for doesn't exist or may have been removed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse All Interviews" }).getAttribute("href")).toBe("/interviews");
  });

  it("is titled after the interview, described by its description cut for search engines, with its preview and structured data", async () => {
    const [main] = await insertInterviews([{ title: "Main talk", description: "x".repeat(200) }]);
    const { body } = await loadInterview(main.id);
    const tags = metaOf(body);
    expect(tags).toContainEqual({ title: "Main talk | MarketWire" });
    expect(tags).toContainEqual({ name: "description", content: `${"x".repeat(157)}...` });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual(
      expect.objectContaining({ tagName: "link", rel: "canonical", href: expect.stringMatching(new RegExp(`/interviews/${main.id}$`)) }),
    );
    expect(tags).toContainEqual({ "script:ld+json": expect.objectContaining({ "@type": "NewsArticle", headline: "Main talk" }) });
    expect(metaOf({ interview: null, moreInterviews: [], meta: [{ title: "Interview Not Found | MarketWire" }] })).toEqual([
      { title: "Interview Not Found | MarketWire" },
    ]);
  });
});

describe('/interviews/{id} page of a paid interview about a company (PRODUCT.md "Paid promotion")', () => {
  emptyCompaniesBeforeEach();

  it("shows the chips by the title, the disclosure before the player and the text, and the notice after the content", async () => {
    const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    const [main] = await insertInterviews([
      {
        ...PAID,
        disclosureSponsor: null,
        sponsorCompanyId: company!.id,
        title: "Paid talk",
        videoUrl: "https://youtu.be/V4ZDealMRJY",
        description: "A talk.",
        content: "<p>The transcript.</p>",
      },
    ]);
    await tagItem("interview", main!.id, [company!.id]);
    const { body } = await loadInterview(main!.id);
    render(main!.id, body);
    const chip = within(screen.getByRole("list", { name: "Companies" })).getByRole("link", { name: "Ironbark Gold ASX:IBG" });
    expect(chip.getAttribute("href")).toBe("/companies/ironbark-gold");
    const disclosure = screen.getByRole("region", { name: "Paid promotion" });
    // PRODUCT.md "Paid promotion": the payer and the amount, written from the fields.
    expect(disclosure.textContent).toContain("MarketWire received A$5,000 in cash from Ironbark Gold (ASX:IBG) for this interview.");
    const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(disclosure, screen.getByRole("button", { name: "Play video: Paid talk" }))).toBe(true);
    expect(before(disclosure, screen.getByText("A talk."))).toBe(true);
    const notice = screen.getByRole("note", { name: "Investment notice" });
    expect(before(screen.getByText("The transcript."), notice)).toBe(true);
  });

  it("shows no chips, disclosure or notice for an unpaid interview naming no company", async () => {
    const [main] = await insertInterviews([{ title: "Plain talk" }]);
    const { body } = await loadInterview(main!.id);
    render(main!.id, body);
    expect(screen.queryByRole("list", { name: "Companies" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Paid promotion" })).toBeNull();
    expect(screen.queryByRole("note")).toBeNull();
  });
});

describe("the interview card on /interviews", () => {
  it("keeps its anchor and links its title to the interview's page", async () => {
    const [row] = await insertInterviews([{ title: "Card talk", videoUrl: "https://youtu.be/abc", audioUrl: "/media/talk.mp3" }]);
    const { container } = renderRoute(() => <InterviewCard interview={row} />, "/interviews");
    const card = container.querySelector("article")!;
    expect(card.id).toBe(row.id);
    const heading = screen.getByRole("heading", { level: 2, name: "Card talk" });
    expect(within(heading).getByRole("link", { name: "Card talk" }).getAttribute("href")).toBe(`/interviews/${row.id}`);
    // No link inside another.
    expect(container.querySelectorAll("a a, a button, button a")).toHaveLength(0);
  });
});

describeItemPromotion({
  type: "interview",
  insert: async (row) => (await insertInterviews([row]))[0]!,
  load: async (id) => {
    const { body } = await loadInterview(id);
    return { item: body.interview!, meta: body.meta };
  },
});

describeItemPromotion({
  type: "interview",
  label: "video interview",
  insert: async (row) => (await insertInterviews([{ ...row, videoUrl: "https://youtu.be/V4ZDealMRJY" }]))[0]!,
  load: async (id) => {
    const { body } = await loadInterview(id);
    return { item: body.interview!, meta: body.meta };
  },
});
