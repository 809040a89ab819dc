import { demoAudio, mediaUrl } from "./media";
import { spokenEpisode } from "./spoken";
import type { DemoPodcast } from "./types";

/** The transcript and chapters of a spoken demo episode (spoken.ts), made with its audio (PRODUCT.md "Transcripts"). */
function transcriptOf(name: string) {
  const { transcript, chapters } = spokenEpisode(name);
  return { transcript, chapters };
}

/**
 * 13 podcasts: 12 published (2 featured), one draft. Audio URLs use each of the audio-host post forms
 * of PRODUCT.md "Audio" (posts/{id}, boos/{id}, posts/{id}.mp3, …-{id}.mp3), two play a local MP3 with the
 * native player (the podcast feed's episodes, PRODUCT.md "Discovery"; spoken, with transcripts and
 * chapters) and one has no audio at all.
 */
export const DEMO_PODCASTS: DemoPodcast[] = [
  {
    slug: "capital-call-42",
    title: "Capital Call Ep. 42: How Mid-Caps Fund Growth When Rates Stay High",
    description:
      "<p>Debt is expensive and equity is dilutive. Three CFOs explain how they are <strong>funding expansion</strong> in a higher-for-longer world.</p>",
    content:
      "<p>This week on <em>Capital Call</em> we sit down with finance chiefs from a logistics group, a software company and a mid-tier miner to talk about the trade-offs of funding growth when money is no longer cheap.</p>" +
      "<h2>In this episode</h2><ul><li>Why covenant-light debt has disappeared</li><li>Convertible notes: cheaper than they look?</li><li>Asset sales and joint ventures as alternatives to equity</li><li>How boards set hurdle rates today</li></ul>" +
      "<blockquote><p>Every dollar we raise now has to clear a hurdle that is three points higher than it was. That changes which projects get built.</p></blockquote>",
    tags: ["capital raising", "interest rates", "mid caps", "corporate finance"],
    age: 1.5,
    featuredAge: 1.4,
    audioUrl: "https://audioboom.com/posts/857123401",
    thumbnail: mediaUrl("podcast-capital-call"),
    duration: 2712,
    listens: 14_820,
  },
  {
    slug: "resource-room-18",
    title: "The Resource Room Ep. 18: Copper's Supply Cliff",
    description:
      "<p>Grades are falling, permits take a decade and demand from grids and data centres is rising. Is a <strong>copper shortage</strong> now unavoidable?</p>",
    content:
      "<p>Our resources editor is joined by a metallurgist and a commodities strategist to map out where new copper supply could come from, and why so little of it is on the way.</p>" +
      "<h2>Topics</h2><ul><li>Head grades at the world's largest mines</li><li>The permitting queue</li><li>Scrap and recycling</li><li>Which listed developers could benefit</li></ul>",
    tags: ["copper", "mining", "commodities", "energy transition"],
    age: 4,
    featuredAge: 3.9,
    audioUrl: "https://audioboom.com/boos/856331012",
    thumbnail: mediaUrl("podcast-resource-room"),
    duration: 3145,
    listens: 9_410,
  },
  {
    slug: "dividend-hour-27",
    title: "The Dividend Hour Ep. 27: Franking Credits and the Bank Trade",
    description: "Why the big banks remain the core income holding for so many investors, and what could break the habit.",
    content:
      "<p>We look at grossed-up yields, payout ratios and capital buffers across the major banks, and ask whether income investors are being paid enough for the risk of a housing downturn.</p>" +
      "<ul><li>How franking credits work, in two minutes</li><li>Payout ratios versus capital targets</li><li>Alternatives: insurers, infrastructure and REITs</li></ul>",
    tags: ["dividends", "banks", "franking credits", "income"],
    age: 7,
    audioUrl: "https://audioboom.com/posts/855882107.mp3",
    thumbnail: mediaUrl("podcast-dividend-hour"),
    duration: 2260,
    listens: 6_240,
  },
  {
    slug: "long-view-9",
    title: "The Long View Ep. 9: Compounding Through a Downturn",
    description:
      "<p>What do the best long-term investors do when markets fall 30%? A conversation on <em>patience</em>, position sizing and keeping a watch list.</p>",
    content:
      "<p>Our guest has run a concentrated long-only fund through three bear markets. We talk about the mistakes that cost the most, and the habits that made up for them.</p>" +
      "<blockquote><p>The returns are made in the recovery, but the decisions that earn them are made in the drawdown.</p></blockquote>",
    tags: ["long-term investing", "bear markets", "portfolio strategy"],
    age: 14,
    audioUrl: "https://audioboom.com/episodes/the-long-view-compounding-through-a-downturn-854990733.mp3",
    thumbnail: mediaUrl("podcast-long-view"),
    duration: 2980,
    listens: 3_870,
  },
  {
    slug: "capital-call-season-3-trailer",
    title: "Capital Call: Season 3 Trailer",
    description: "A new season of conversations about raising and deploying capital starts next week.",
    content:
      "<p>Season three of <em>Capital Call</em> brings founders, CFOs and fund managers to the microphone every fortnight. Subscribe so you do not miss the first episode.</p>",
    tags: ["trailer", "capital raising", "podcast"],
    age: 18,
    audioUrl: demoAudio("capital-call-trailer").path,
    thumbnail: mediaUrl("podcast-capital-call"),
    duration: demoAudio("capital-call-trailer").seconds,
    ...transcriptOf("capital-call-trailer"),
    listens: 1_120,
  },
  {
    slug: "capital-call-41",
    title: "Capital Call Ep. 41: Inside a $300 Million Placement",
    description: "From the first call to the bookbuild closing: how a large placement is actually run, told by the people who ran one.",
    content:
      "<p>An equity capital markets banker and a company chair walk us through a placement from the inside: wall-crossing, pricing, allocation and the trading halt.</p>" +
      "<h2>Chapters</h2><ul><li>Deciding to raise</li><li>Sounding out investors</li><li>The bookbuild night</li><li>Allocations and the retail offer</li></ul>",
    tags: ["capital raising", "placements", "equity markets", "ASX"],
    age: 22,
    audioUrl: "https://audioboom.com/posts/853370198",
    thumbnail: mediaUrl("podcast-capital-call"),
    duration: 2555,
    listens: 5_315,
  },
  {
    slug: "resource-room-17",
    title: "The Resource Room Ep. 17: Gold Miners' Margin Windfall",
    description:
      "<p>Gold is at records and costs have flattened. Why have the miners lagged the metal, and will <strong>capital returns</strong> close the gap?</p>",
    content:
      "<p>We compare all-in sustaining costs across the sector, look at who is still hedged, and discuss why investors remain sceptical of miners' capital discipline.</p>",
    tags: ["gold", "mining", "dividends", "commodities"],
    age: 36,
    audioUrl: "https://audioboom.com/boos/851902466",
    thumbnail: mediaUrl("podcast-resource-room"),
    duration: 2790,
    listens: 7_960,
  },
  {
    slug: "dividend-hour-26",
    title: "The Dividend Hour Ep. 26: Are REITs Cheap or Broken?",
    description:
      "Office valuations are still falling while industrial and retail property holds up. We sort the bargains from the value traps.",
    content:
      "<p>Gearing, debt expiry profiles and the gap between book value and share price: a practical guide to reading a property trust's balance sheet.</p>" +
      "<ul><li>Net tangible assets and why the discount persists</li><li>Interest cover and refinancing walls</li><li>Sectors we prefer</li></ul>",
    tags: ["REITs", "property", "dividends", "income"],
    age: 50,
    audioUrl: "https://audioboom.com/posts/850214375.mp3",
    thumbnail: mediaUrl("podcast-dividend-hour"),
    duration: 2415,
    listens: 4_105,
  },
  {
    slug: "dividend-hour-theme",
    title: "The Dividend Hour: The New Season Starts Here",
    description: "The first minute of the new season: why falling deposit rates change the job of an income portfolio.",
    content:
      "<p>Sophie Lindqvist and macro strategist Liam Castellano open the season: what happens to income investors when term deposits stop paying, and why this season goes back to payout ratios, franking credits and balance sheets.</p>",
    tags: ["dividends", "podcast", "income", "interest rates"],
    age: 60,
    audioUrl: demoAudio("dividend-hour-theme").path,
    thumbnail: mediaUrl("podcast-dividend-hour"),
    duration: demoAudio("dividend-hour-theme").seconds,
    ...transcriptOf("dividend-hour-theme"),
    listens: 860,
  },
  {
    slug: "long-view-8",
    title: "The Long View Ep. 8: What Great Capital Allocators Do Differently",
    description: "Buy-backs, acquisitions and dividends: how to judge a management team by what it does with the cash.",
    content:
      "<p>We go through the scorecard we use to judge capital allocation, with examples of decisions that created and destroyed value.</p>",
    tags: ["capital allocation", "management", "long-term investing", "buy-backs"],
    age: 78,
    audioUrl: "https://audioboom.com/episodes/what-great-capital-allocators-do-differently-848613020.mp3",
    thumbnail: mediaUrl("podcast-long-view"),
    duration: null,
    listens: 2_640,
  },
  {
    slug: "resource-room-16",
    title: "The Resource Room Ep. 16: Live From the Mining Conference",
    description: "Highlights from three days of presentations, corridor conversations and one very heated panel on royalties.",
    content:
      "<p>The recording of this live episode is being re-edited and will be republished soon. In the meantime, here are the key takeaways.</p>" +
      "<ul><li>Lithium developers are deferring, not cancelling</li><li>Copper juniors found it easiest to raise money</li><li>Royalty changes dominated the policy panel</li></ul>",
    tags: ["mining", "conference", "royalties", "lithium"],
    age: 120,
    audioUrl: null,
    thumbnail: mediaUrl("podcast-resource-room"),
    duration: null,
    listens: 2_930,
  },
  {
    slug: "capital-call-40",
    title: "Capital Call Ep. 40: Founders, Dilution and the Second Raise",
    description: "Two founders on the raise that nearly broke their companies, and what they would negotiate differently.",
    content:
      "<p>A candid conversation about down rounds, anti-dilution clauses and keeping a cap table healthy as a company moves from venture funding to the public market.</p>",
    tags: ["founders", "venture capital", "capital raising", "IPOs"],
    age: 190,
    audioUrl: "https://audioboom.com/posts/846550912",
    thumbnail: mediaUrl("podcast-capital-call"),
    duration: 2988,
    listens: 11_580,
  },
  {
    slug: "dividend-hour-28",
    title: "The Dividend Hour Ep. 28: Income Stocks for a Falling-Rate World",
    description: "Draft notes for the next episode: which income stocks gain most when deposit rates fall.",
    content: "<p>Outline: term deposits versus dividends, infrastructure yields, and the risk of chasing payout ratios.</p>",
    tags: ["dividends", "interest rates", "income"],
    status: "draft",
    age: 0.5,
    audioUrl: "https://audioboom.com/posts/857990154",
    thumbnail: mediaUrl("podcast-dividend-hour"),
    duration: null,
    listens: 0,
  },
];
