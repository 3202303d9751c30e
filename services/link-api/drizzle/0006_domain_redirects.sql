ALTER TABLE "branded_domains" ADD COLUMN "root_redirect_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branded_domains" ADD COLUMN "not_found_redirect_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branded_domains" ADD COLUMN "expired_redirect_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branded_domains" ADD COLUMN "apple_app_site_association" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branded_domains" ADD COLUMN "asset_links" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subdomains" ADD COLUMN "root_redirect_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subdomains" ADD COLUMN "not_found_redirect_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subdomains" ADD COLUMN "expired_redirect_url" text DEFAULT '' NOT NULL;