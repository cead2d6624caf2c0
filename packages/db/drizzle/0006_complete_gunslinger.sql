CREATE TABLE "storage_pending_object" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_pending_object_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "storage_pending_object" ADD CONSTRAINT "storage_pending_object_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_pending_object_created_idx" ON "storage_pending_object" USING btree ("created_at");