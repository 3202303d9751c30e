-- The workspace a grant acts in, chosen on the consent page (null: the person's own, as every
-- grant before).
ALTER TABLE "authorization_codes" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "token_families" ADD COLUMN "workspace_id" uuid;