ALTER TABLE "blogs" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "created_by" text;