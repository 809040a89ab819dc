CREATE INDEX "blogs_title_trgm_idx" ON "blogs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_description_trgm_idx" ON "blogs" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interviews_title_trgm_idx" ON "interviews" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interviews_description_trgm_idx" ON "interviews" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_title_trgm_idx" ON "podcasts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_description_trgm_idx" ON "podcasts" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "special_features_title_trgm_idx" ON "special_features" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "special_features_description_trgm_idx" ON "special_features" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_description_trgm_idx" ON "videos" USING gin ("description" gin_trgm_ops);