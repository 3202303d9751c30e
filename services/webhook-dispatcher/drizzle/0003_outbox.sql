-- The outbox (@kurz/outbox): audit entries of endpoint changes are written in the change's
-- transaction and published to kurz.audit.v1 by the relay.
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
CREATE INDEX "outbox_messages_unsent_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_at_idx" ON "outbox_messages" USING btree ("sent_at");