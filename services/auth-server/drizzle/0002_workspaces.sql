-- Workspaces: every account of before becomes a workspace with the same id (so every other
-- service's account_id now names a workspace and nothing there changes), its person the owner,
-- its plan moved there; API keys belong to the workspace, with the owner's role as their ceiling
-- (what they could do before) and their person as creator.
CREATE TABLE "memberships" (
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "memberships_pkey" PRIMARY KEY("workspace_id","account_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspaces_plan_check" CHECK ("workspaces"."plan" in ('free', 'pro', 'business', 'enterprise'))
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_plan_check";--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "plan", "created_at", "updated_at")
SELECT "id", coalesce(nullif("name", ''), split_part("email", '@', 1)), "plan", "created_at", "updated_at" FROM "accounts";--> statement-breakpoint
INSERT INTO "memberships" ("workspace_id", "account_id", "role", "created_at", "last_used_at")
SELECT "id", "id", 'owner', "created_at", "created_at" FROM "accounts";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;--> statement-breakpoint
UPDATE "api_keys" SET "created_by" = "account_id";--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_account_idx" ON "memberships" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_workspaces_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "plan";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_check" CHECK ("api_keys"."role" in ('owner', 'admin', 'member', 'viewer'));