CREATE SEQUENCE "public"."link_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "branded_domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verification_token" text NOT NULL,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"failure_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"host" text NOT NULL,
	"code" text NOT NULL,
	"custom_alias" boolean DEFAULT false NOT NULL,
	"url_type" text NOT NULL,
	"branded_domain_id" uuid,
	"subdomain_id" uuid,
	"original_url" text NOT NULL,
	"destination_url" text NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"dynamic" boolean DEFAULT false NOT NULL,
	"tracking_enabled" boolean DEFAULT true NOT NULL,
	"conversion_tracking" boolean DEFAULT false NOT NULL,
	"password_hash" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"campaign_id" uuid,
	"expires_at" timestamp with time zone,
	"max_clicks" integer DEFAULT 0 NOT NULL,
	"expired_url" text DEFAULT '' NOT NULL,
	"qr" boolean DEFAULT false NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT nextval('link_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "qr_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"payload" text NOT NULL,
	"dynamic" boolean DEFAULT false NOT NULL,
	"link_id" uuid,
	"size" integer NOT NULL,
	"foreground_color" text NOT NULL,
	"background_color" text NOT NULL,
	"format" text NOT NULL,
	"error_correction" text NOT NULL,
	"margin" integer NOT NULL,
	"module_shape" text NOT NULL,
	"finder_shape" text NOT NULL,
	"logo" "bytea",
	"logo_mime_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subdomains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"subdomain" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_branded_domain_id_branded_domains_id_fk" FOREIGN KEY ("branded_domain_id") REFERENCES "public"."branded_domains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_subdomain_id_subdomains_id_fk" FOREIGN KEY ("subdomain_id") REFERENCES "public"."subdomains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branded_domains_account_domain_unique" ON "branded_domains" USING btree ("account_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "branded_domains_verified_domain_unique" ON "branded_domains" USING btree ("domain") WHERE "branded_domains"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_account_name_unique" ON "campaigns" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaigns_account_created_idx" ON "campaigns" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "links_host_code_unique" ON "links" USING btree ("host","code");--> statement-breakpoint
CREATE INDEX "links_account_created_idx" ON "links" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "links_account_code_idx" ON "links" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "links_campaign_idx" ON "links" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_unsent_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_at_idx" ON "outbox_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "qr_codes_account_created_idx" ON "qr_codes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subdomains_subdomain_unique" ON "subdomains" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "subdomains_account_idx" ON "subdomains" USING btree ("account_id");