CREATE TABLE "sso_domain" (
	"domain" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_provider" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"default_role" text DEFAULT 'member' NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_provider_organization_id_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
ALTER TABLE "sso_domain" ADD CONSTRAINT "sso_domain_provider_id_sso_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_provider" ADD CONSTRAINT "sso_provider_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domain_provider_idx" ON "sso_domain" USING btree ("provider_id");