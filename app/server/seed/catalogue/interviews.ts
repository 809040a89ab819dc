import { html } from "./html";
import { mediaUrl } from "./media";
import { spokenEpisode, spokenScript, type SpokenName } from "./spoken";
import type { DemoInterview } from "./types";

/**
 * An interview played from its spoken demo episode (spoken.ts): the site's own MP4 or MP3, its measured
 * length, and the transcript and chapters made with it (PRODUCT.md "Transcripts").
 */
function spoken(name: SpokenName) {
  const { path, seconds, transcript, chapters } = spokenEpisode(name);
  const video = spokenScript(name).media.kind === "video";
  return { videoUrl: video ? path : null, audioUrl: video ? null : path, duration: seconds, transcript, chapters };
}

/**
 * 8 published interviews with fictional executives and investors. Two play the site's own files, with
 * transcripts and chapters: Northwind's as audio (the native audio player) and Quokka Pay's as a small
 * video (the native video player, so captions can show); the others are on the video or audio host.
 */
export const DEMO_INTERVIEWS: DemoInterview[] = [
  {
    slug: "northwind-refinery-from-scratch",
    title: "Building a Lithium Refinery From Scratch",
    description: "Northwind Lithium's managing director on financing, commissioning and why a price floor was worth giving up some upside.",
    intervieweeName: "Dr. Amelia Hartcourt",
    intervieweeTitle: "Managing Director, Northwind Lithium",
    ...spoken("northwind-refinery-from-scratch"),
    thumbnail: mediaUrl("interview-ceo-sessions-1"),
    views: 21_430,
    tags: ["lithium", "battery metals", "CEO interview", "project finance"],
    age: 3,
    content: html(
      "<p>Northwind Lithium is one of the few companies outside China building its own hydroxide refinery. We asked Dr. Amelia Hartcourt how the project survived a collapse in lithium prices.</p>",
      "<h2>On the offtake agreement</h2>",
      "<blockquote><p>Our lenders needed to know that the plant would have revenue at the bottom of the cycle. A floor price gave them that certainty. We gave up some upside above the ceiling, and I think that is a fair trade for a first-of-its-kind project.</p></blockquote>",
      "<h2>On commissioning risk</h2>",
      "<p>Hartcourt was candid that refineries rarely reach nameplate capacity on schedule. The company has budgeted for an eighteen-month ramp-up and holds a contingency equal to 12% of capital costs.</p>",
      "<ul><li>First product expected within nine months</li><li>Full funding secured, including cost overrun facility</li><li>No plans for further equity raising</li></ul>",
    ),
  },
  {
    slug: "helios-cfo-capacity-discipline",
    title: "Helios Semiconductor's CFO on Capacity and Discipline",
    description:
      "After a record quarter, the chief financial officer explains why Helios is expanding carefully and how it thinks about the next downturn.",
    intervieweeName: "Kenji Marlowe",
    intervieweeTitle: "Chief Financial Officer, Helios Semiconductor",
    videoUrl: "https://youtu.be/d3YNYvnIlzU",
    audioUrl: "https://audioboom.com/posts/857201388",
    thumbnail: mediaUrl("interview-boardroom-1"),
    duration: 1510,
    views: 63_900,
    tags: ["semiconductors", "AI", "CFO interview", "capital expenditure"],
    age: 9,
    content: html(
      "<p>Helios Semiconductor's revenue has doubled in two years. Kenji Marlowe explains how the company decides how much capacity to add without repeating the mistakes of past chip cycles.</p>",
      "<blockquote><p>We only build packaging capacity that a customer has committed to with a prepayment. If they are not willing to share the risk, the demand is not as certain as they say.</p></blockquote>",
      "<p>Marlowe also discussed the company's dividend policy, its net cash position and why it has resisted pressure to announce a large buy-back while capital spending remains elevated.</p>",
    ),
  },
  {
    slug: "quokka-pay-fintech-winter",
    title: "Quokka Pay's Founder on Surviving the Fintech Winter",
    description: "Tessa Mulgrave on cutting costs by a third, exiting lending and the path to positive cash flow.",
    intervieweeName: "Tessa Mulgrave",
    intervieweeTitle: "Co-founder and CEO, Quokka Pay",
    ...spoken("quokka-pay-fintech-winter"),
    thumbnail: mediaUrl("interview-ceo-sessions-2"),
    views: 9_870,
    tags: ["fintech", "payments", "founders", "small caps"],
    age: 21,
    content: html(
      "<p>Quokka Pay listed at the height of the fintech boom. Three years later, its founder is focused on something much less glamorous: breaking even.</p>",
      "<h2>Exiting lending</h2>",
      "<blockquote><p>We were a payments company that had drifted into credit. Credit needs capital we did not have. Selling the loan book was the hardest decision we have made and the most important.</p></blockquote>",
      "<p>Mulgrave says the company now earns most of its revenue from merchant fees and software subscriptions, and expects to be cash-flow positive within four quarters.</p>",
    ),
  },
  {
    slug: "coralline-chair-capital-culture-climate",
    title: "Coralline Bank's Chair on Capital, Culture and Climate Risk",
    description:
      "The chair of Coralline Bank on surplus capital, the lessons of past misconduct and how the bank prices climate risk into lending.",
    intervieweeName: "Graham Oduya",
    intervieweeTitle: "Chair, Coralline Bank",
    videoUrl: "https://youtu.be/isITIVIPaFk",
    audioUrl: null,
    thumbnail: mediaUrl("interview-boardroom-2"),
    duration: 2030,
    views: 14_210,
    tags: ["banks", "governance", "climate risk", "dividends", "ASX"],
    age: 40,
    content: html(
      "<p>Graham Oduya has chaired Coralline Bank through a period of record profits and renewed scrutiny. We talked about what the board does with surplus capital and how it oversees culture.</p>",
      "<blockquote><p>Capital that we do not need should go back to shareholders. But the definition of 'need' has to include a severe recession, not just the next two years.</p></blockquote>",
      "<ul><li>Why the bank prefers dividends to buy-backs</li><li>Linking executive pay to customer outcomes</li><li>Climate risk in agricultural lending</li></ul>",
    ),
  },
  {
    slug: "ironbark-not-chasing-ounces",
    title: "Ironbark Gold's CEO: Why We Are Not Chasing Ounces",
    description:
      "With gold at record prices, Ironbark's chief executive explains why the company is returning cash instead of buying growth.",
    intervieweeName: "Bronwyn Tate",
    intervieweeTitle: "Chief Executive Officer, Ironbark Gold",
    videoUrl: "https://www.youtube.com/watch?v=seR_ZAeTW6E",
    audioUrl: null,
    thumbnail: mediaUrl("interview-ceo-sessions-1"),
    duration: 1695,
    views: 388_400,
    tags: ["gold", "mining", "capital allocation", "CEO interview"],
    age: 66,
    paidPromotion: {
      payerCompany: "ironbark-gold",
      form: "cash",
      amount: 5000,
      currency: "AUD",
      agreementAge: 80,
      note: "Sponsored interview with the chief executive.",
    },
    content: html(
      "<p>Gold miners have a long history of spending their windfalls on acquisitions they later regret. Bronwyn Tate says Ironbark will be different.</p>",
      "<blockquote><p>The cheapest ounces we will ever find are the ones already in our own ground. Every acquisition has to beat that, and at today's prices very few do.</p></blockquote>",
      "<p>Tate outlined a policy of returning at least half of free cash flow to shareholders and confirmed that the remaining hedge book will expire within the year.</p>",
    ),
  },
  {
    slug: "atlas-power-land-hyperscale",
    title: "Atlas Data Centres on Power, Land and Hyperscale Demand",
    description:
      "The chief operating officer of Atlas Data Centres on securing power for a 300MW campus and why land is now the easy part.",
    intervieweeName: "Samuel Achterberg",
    intervieweeTitle: "Chief Operating Officer, Atlas Data Centres",
    videoUrl: "https://youtu.be/jlQ2Efx8NsU",
    audioUrl: null,
    thumbnail: mediaUrl("interview-boardroom-1"),
    duration: 1418,
    views: 47_350,
    tags: ["data centres", "AI", "infrastructure", "energy"],
    age: 103,
    content: html(
      "<p>Demand for data-centre capacity has never been higher. Samuel Achterberg explains what actually limits how fast Atlas can build.</p>",
      "<blockquote><p>Five years ago the question was whether customers would come. Now the question is whether the grid can deliver the power in time.</p></blockquote>",
      "<p>Achterberg discussed long-term power purchase agreements, on-site battery storage and the pre-leasing arrangements that underpin the company's new campus.</p>",
    ),
  },
  {
    slug: "greenfield-pilot-to-plant",
    title: "Greenfield Hydrogen's Path From Pilot to Plant",
    description: "Greenfield's founder on the economics of green hydrogen, the first commercial customer and the $40 million raise.",
    intervieweeName: "Dr. Nadia Kovalenko",
    intervieweeTitle: "Founder and Managing Director, Greenfield Hydrogen",
    videoUrl: null,
    audioUrl: "https://audioboom.com/boos/852114690",
    thumbnail: mediaUrl("interview-ceo-sessions-2"),
    duration: 2240,
    views: 5_460,
    tags: ["hydrogen", "energy transition", "founders", "capital raising"],
    age: 170,
    content: html(
      "<p>This interview was recorded for our podcast feed. Dr. Nadia Kovalenko explains why Greenfield chose to build a small commercial plant rather than wait for a large one.</p>",
      "<blockquote><p>Every project that waited for the perfect scale is still waiting. We would rather be producing and learning.</p></blockquote>",
      "<ul><li>The cost of electrolysers today and in five years</li><li>Why the first customer is a fertiliser maker</li><li>Government support and its limits</li></ul>",
    ),
  },
  {
    slug: "small-cap-value-fund-manager",
    title: "A Fund Manager's View on Small-Cap Value",
    description: "A veteran small-cap portfolio manager on where he finds value, why he avoids story stocks and how he sizes positions.",
    intervieweeName: "Oliver Fairweather",
    intervieweeTitle: "Portfolio Manager, Sandstone Capital Partners",
    videoUrl: "https://www.youtube.com/watch?v=EJWslK7M5mc",
    audioUrl: null,
    thumbnail: mediaUrl("interview-boardroom-2"),
    duration: null,
    views: 87,
    tags: ["small caps", "value investing", "fund managers", "portfolio strategy"],
    age: 290,
    content: html(
      "<p>Oliver Fairweather has managed a small-cap value fund for fifteen years. He explains his process and the mistakes that shaped it.</p>",
      "<blockquote><p>I want boring businesses with honest accounts, run by people who own a lot of the stock. The exciting ones are usually priced for perfection.</p></blockquote>",
      "<p>Fairweather also shared how he handles illiquid positions, why he meets management in person and what would make him sell a long-held investment.</p>",
    ),
  },
];
