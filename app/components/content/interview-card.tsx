import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatCount, formatDate, formatDuration } from "~/lib/format";
import { cn } from "~/lib/utils";

import { ContentImage } from "./content-image";
import { DateTime, MetaList } from "./meta-list";
import { TagList } from "./tag-list";

export interface InterviewCardData {
  id: string;
  title: string;
  description: string | null;
  intervieweeName: string | null;
  intervieweeTitle: string | null;
  videoUrl: string | null;
  audioUrl: string | null;
  thumbnailUrl: string | null;
  duration: number | null;
  views: number;
  tags: string[];
  publishedAt: Date | string | null;
}

/** Links that leave the site. */
export const EXTERNAL_LINK = { target: "_blank", rel: "noopener noreferrer" } as const;

/** One interview on /interviews; `id` is the anchor search results link to (/interviews#{id}). */
export function InterviewCard({ interview }: { interview: InterviewCardData }) {
  const headingId = `interview-${interview.id}-title`;
  return (
    <article
      id={interview.id}
      aria-labelledby={headingId}
      className="scroll-mt-24 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm target:ring-2 target:ring-primary md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      {/* Full width on phones; from md an inset picture that keeps its 16:9 ratio beside the text. */}
      <ContentImage src={interview.thumbnailUrl} alt="" icon="mic" className="md:m-5 md:mr-0 md:self-start md:rounded-lg md:border" />
      <div className="flex flex-col gap-3 p-5 sm:p-6">
        <TagList tags={interview.tags} max={3} />
        <h2 id={headingId} className="text-xl leading-snug font-semibold text-balance">
          {interview.title}
        </h2>
        {interview.intervieweeName ? (
          <p className="text-sm">
            <span className="font-medium">{interview.intervieweeName}</span>
            {interview.intervieweeTitle ? <span className="text-muted-foreground">, {interview.intervieweeTitle}</span> : null}
          </p>
        ) : null}
        {interview.description ? <p className="text-sm text-muted-foreground">{interview.description}</p> : null}
        <MetaList
          items={[
            interview.publishedAt
              ? {
                  icon: "calendar-days",
                  label: "Published",
                  value: <DateTime value={interview.publishedAt}>{formatDate(interview.publishedAt)}</DateTime>,
                }
              : null,
            { icon: "clock", label: "Duration", value: formatDuration(interview.duration) },
            { icon: "eye", label: "Views", value: formatCount(interview.views, "view") },
          ]}
        />
        {interview.videoUrl || interview.audioUrl ? (
          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            {interview.videoUrl ? (
              <a href={interview.videoUrl} {...EXTERNAL_LINK} className={cn(buttonVariants({ size: "sm" }))}>
                <Icon name="play" /> Watch<span className="sr-only"> {interview.title} (opens in a new tab)</span>
              </a>
            ) : null}
            {interview.audioUrl ? (
              <a href={interview.audioUrl} {...EXTERNAL_LINK} className={cn(buttonVariants({ size: "sm", variant: "outline" }))}>
                <Icon name="headphones" /> Listen<span className="sr-only"> to {interview.title} (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
