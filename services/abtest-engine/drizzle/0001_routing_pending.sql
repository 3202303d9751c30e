CREATE TABLE "ab_routing_pending" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"destination_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"confirmed_version" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_test_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ab_test_reservations_account_idx" ON "ab_test_reservations" USING btree ("account_id");--> statement-breakpoint
-- Hand-written: every link with a test converges once, so routing left behind by a lost answer
-- before this table existed (a draft whose link stays split) is corrected by the reconciler.
INSERT INTO "ab_routing_pending" ("link_id", "account_id")
SELECT DISTINCT ON ("link_id") "link_id", "account_id" FROM "ab_tests" WHERE "link_deleted_at" IS NULL;
