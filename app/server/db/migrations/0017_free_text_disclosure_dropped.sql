ALTER TABLE "blogs" DROP COLUMN "disclosure_purpose";--> statement-breakpoint
ALTER TABLE "blogs" DROP COLUMN "disclosure_compensation";--> statement-breakpoint
ALTER TABLE "interviews" DROP COLUMN "disclosure_purpose";--> statement-breakpoint
ALTER TABLE "interviews" DROP COLUMN "disclosure_compensation";--> statement-breakpoint
ALTER TABLE "podcasts" DROP COLUMN "disclosure_purpose";--> statement-breakpoint
ALTER TABLE "podcasts" DROP COLUMN "disclosure_compensation";--> statement-breakpoint
ALTER TABLE "special_features" DROP COLUMN "disclosure_purpose";--> statement-breakpoint
ALTER TABLE "special_features" DROP COLUMN "disclosure_compensation";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "disclosure_purpose";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "disclosure_compensation";