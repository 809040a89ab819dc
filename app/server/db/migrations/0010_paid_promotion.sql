-- PRODUCT.md "Paid promotion": every content type can be marked paid, with who paid, what for and the compensation.
ALTER TABLE "blogs" ADD COLUMN "paid_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "disclosure_sponsor" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "disclosure_purpose" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "disclosure_compensation" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "paid_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "disclosure_sponsor" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "disclosure_purpose" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "disclosure_compensation" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "paid_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "disclosure_sponsor" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "disclosure_purpose" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "disclosure_compensation" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "paid_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "disclosure_sponsor" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "disclosure_purpose" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "disclosure_compensation" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "paid_promotion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "disclosure_sponsor" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "disclosure_purpose" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "disclosure_compensation" text;