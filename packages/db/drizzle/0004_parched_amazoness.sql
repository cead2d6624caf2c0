ALTER TABLE "tenant_key" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "tenant_key" ADD COLUMN "expires_at" timestamp with time zone;