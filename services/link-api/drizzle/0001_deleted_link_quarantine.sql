CREATE TABLE "deleted_links" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"host" text NOT NULL,
	"code" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"link" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deleted_links_host_code_unique" ON "deleted_links" USING btree ("host","code");--> statement-breakpoint
CREATE INDEX "deleted_links_account_deleted_idx" ON "deleted_links" USING btree ("account_id","deleted_at");