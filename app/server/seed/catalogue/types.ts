/**
 * Shapes of the demo catalogue. Dates are written as ages ("days before the seed runs") so the site
 * always looks current; everything else is fixed, so titles and ids are the same on every seed.
 */
import type { ConsiderationForm, Currency } from "~/lib/sponsorship";

import type { FeatureType } from "../../db/schema";

export interface DemoContent {
  /** Stable key: the row id is derived from it, so links survive a reseed. */
  slug: string;
  title: string;
  description: string | null;
  content: string | null;
  tags: string[];
  /** Published unless said otherwise. */
  status?: "draft" | "archived";
  /** Days before the seed: published_at for published rows, created_at for every row. */
  age: number;
  /** PRODUCT.md "Paid promotion": set when someone paid for the item, with its sponsorship. */
  paidPromotion?: DemoSponsorship;
}

/** A demo item's sponsorship: a demo company (by slug) or another party paid, in cash or in shares or options. */
export interface DemoSponsorship {
  payerCompany?: string;
  otherParty?: string;
  form: ConsiderationForm;
  amount?: number;
  currency?: Currency;
  units?: number;
  /** Days before the seed the agreement was made. */
  agreementAge: number;
  note?: string;
}

/** PRODUCT.md "Transcripts": what an item with video or audio says (normalised WebVTT) and its chapters ('0:00 Title' lines). */
export interface DemoTranscribed {
  transcript?: string | null;
  chapters?: string | null;
}

export interface DemoVideo extends DemoContent, DemoTranscribed {
  videoUrl: string;
  thumbnail: string;
  duration: number | null;
  views: number;
  /** Days before the seed it was featured; featured videos show newest featured first. */
  featuredAge?: number;
}

export interface DemoPodcast extends DemoContent, DemoTranscribed {
  audioUrl: string | null;
  thumbnail: string;
  duration: number | null;
  listens: number;
  featuredAge?: number;
}

export interface DemoBlog extends DemoContent {
  image: string;
  authorName: string;
  authorRole: string;
  readTime: number | null;
  views: number;
}

export interface DemoInterview extends DemoContent, DemoTranscribed {
  intervieweeName: string;
  intervieweeTitle: string;
  videoUrl: string | null;
  audioUrl: string | null;
  thumbnail: string;
  duration: number | null;
  views: number;
}

export interface DemoSpecialFeature extends DemoContent {
  featureType: FeatureType | null;
  image: string;
  videoUrl: string | null;
  readTime: number | null;
  views: number;
}
