-- Single sign-on per workspace (OpenID Connect): the provider, its client (secret sealed), the
-- e-mail domain it signs in (one workspace per domain) and that domain's DNS proof. People who
-- only ever signed in through it have no password, so password_hash becomes optional.
CREATE TABLE "workspace_sso" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"domain" text NOT NULL,
	"enforced" boolean DEFAULT false NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_sso_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_sso" ADD CONSTRAINT "workspace_sso_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;