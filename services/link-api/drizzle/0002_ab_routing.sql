ALTER TABLE "links" ADD COLUMN "ab_test_id" uuid;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "ab_variants" jsonb DEFAULT '[]'::jsonb NOT NULL;