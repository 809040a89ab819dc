import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatDuration } from "~/lib/format";
import { cn } from "~/lib/utils";

import { MetaList, publishedItem, viewsItem } from "./meta-list";
import { EXTERNAL_LINK, ProgrammeCard } from "./programme-card";
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
  paidPromotion?: boolean;
}

/**
 * One interview on /interviews, at its anchor `#{id}`; the title leads to its own page (PRODUCT.md "Discovery").
 */
export function InterviewCard({ interview }: { interview: InterviewCardData }) {
  return (
    <ProgrammeCard
      kind="interview"
      paid={interview.paidPromotion}
      id={interview.id}
      title={interview.title}
      href={`/interviews/${interview.id}`}
      imageUrl={interview.thumbnailUrl}
      icon="mic"
      bodyClassName="flex flex-col gap-3 p-5 sm:p-6"
      kicker={<TagList tags={interview.tags} max={3} />}
    >
      {interview.intervieweeName ? (
        <p className="text-sm">
          <span className="font-medium">{interview.intervieweeName}</span>
          {interview.intervieweeTitle ? <span className="text-muted-foreground">, {interview.intervieweeTitle}</span> : null}
        </p>
      ) : null}
      {interview.description ? <p className="text-sm text-muted-foreground">{interview.description}</p> : null}
      <MetaList
        items={[
          publishedItem(interview.publishedAt),
          { icon: "clock", label: "Duration", value: formatDuration(interview.duration) },
          viewsItem(interview.views),
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
    </ProgrammeCard>
  );
}
