CREATE TABLE "ab_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"traffic_split_mode" text NOT NULL,
	"conversions_enabled" boolean DEFAULT false NOT NULL,
	"min_sample_size" integer DEFAULT 100 NOT NULL,
	"confidence_level" integer DEFAULT 95 NOT NULL,
	"auto_complete" boolean DEFAULT false NOT NULL,
	"min_duration_days" integer DEFAULT 7 NOT NULL,
	"link_id" uuid NOT NULL,
	"link_host" text NOT NULL,
	"link_code" text NOT NULL,
	"short_url" text NOT NULL,
	"rotator" boolean NOT NULL,
	"original_destination_url" text NOT NULL,
	"winner_variant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"link_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ab_variants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"destination_url" text NOT NULL,
	"traffic_weight" integer NOT NULL,
	"control" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"value" "bytea" NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_relay_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ab_variants" ADD CONSTRAINT "ab_variants_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_tests_account_created_idx" ON "ab_tests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ab_tests_account_code_idx" ON "ab_tests" USING btree ("account_id","link_code");--> statement-breakpoint
CREATE INDEX "ab_tests_link_idx" ON "ab_tests" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_one_live_per_link" ON "ab_tests" USING btree ("link_id") WHERE status IN ('running', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "ab_variants_test_position_unique" ON "ab_variants" USING btree ("test_id","position");--> statement-breakpoint
CREATE INDEX "outbox_messages_unsent_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_at_idx" ON "outbox_messages" USING btree ("sent_at");