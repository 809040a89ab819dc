import { EmptyState } from "~/components/content/empty-state";
import { InterviewCard } from "~/components/content/interview-card";
import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { publicPageHeaders } from "~/lib/cache-headers";
import { metaFromLoader } from "~/lib/seo";
import { listPublishedInterviews } from "~/server/content/interviews.server";
import { loadPublicList } from "~/server/content/public-list.server";
import { sitePageMeta } from "~/server/seo/seo.server";

import type { Route } from "./+types/interviews";

export async function loader({ request }: Route.LoaderArgs) {
  const meta = sitePageMeta({
    title: "Interviews | MarketWire",
    description: "Conversations with the executives and investors behind listed companies.",
    path: "/interviews",
  });
  return loadPublicList(request, "interviews", async () => ({ interviews: await listPublishedInterviews() }), { interviews: [] }, meta);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

export default function Interviews({ loaderData }: Route.ComponentProps) {
  const { ok, interviews } = loaderData;
  return (
    <section className={PAGE_CONTAINER} aria-labelledby="interviews-title">
      <PageIntro id="interviews-title" eyebrow="Programme" title="Interviews">
        <p>Conversations with the executives and investors behind the companies you follow.</p>
      </PageIntro>
      {!ok ? (
        <EmptyState icon="triangle-alert" title="Failed to load interviews. Please try again later." />
      ) : interviews.length === 0 ? (
        <EmptyState icon="mic" title="No interviews published yet.">
          <p>Our next conversations are being recorded. Check back soon.</p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {interviews.map((interview) => (
            <InterviewCard key={interview.id} interview={interview} />
          ))}
        </div>
      )}
    </section>
  );
}
