CREATE TABLE "webhook_dead_letters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"topic" text NOT NULL,
	"partition" integer NOT NULL,
	"offset" text NOT NULL,
	"key" text NOT NULL,
	"value_base64" text NOT NULL,
	"headers" text DEFAULT '{}' NOT NULL,
	"event_id" text,
	"event_type" text,
	"account_id" text,
	"error" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"replayed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_dead_letters_fingerprint_unique" ON "webhook_dead_letters" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "webhook_dead_letters_waiting_idx" ON "webhook_dead_letters" USING btree ("failed_at") WHERE replayed_at is null;