CREATE TABLE "three_d_model_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"three_d_model_node_id" uuid NOT NULL,
	"tracker_node_id" uuid NOT NULL,
	"ros_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "three_d_tracker_credential" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"tracker_node_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "three_d_tracker_credential_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "three_d_tracker_pairing_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "three_d_tracker_pairing_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "three_d_tracker" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"id_from_tracker" text NOT NULL,
	"next_upload_model_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "three_d_model_session" ADD CONSTRAINT "three_d_model_session_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_session" ADD CONSTRAINT "three_d_model_session_three_d_model_node_id_three_d_model_node_id_fk" FOREIGN KEY ("three_d_model_node_id") REFERENCES "public"."three_d_model"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_session" ADD CONSTRAINT "three_d_model_session_tracker_node_id_three_d_tracker_node_id_fk" FOREIGN KEY ("tracker_node_id") REFERENCES "public"."three_d_tracker"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker_credential" ADD CONSTRAINT "three_d_tracker_credential_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker_credential" ADD CONSTRAINT "three_d_tracker_credential_tracker_node_id_three_d_tracker_node_id_fk" FOREIGN KEY ("tracker_node_id") REFERENCES "public"."three_d_tracker"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker_pairing_token" ADD CONSTRAINT "three_d_tracker_pairing_token_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker_pairing_token" ADD CONSTRAINT "three_d_tracker_pairing_token_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker" ADD CONSTRAINT "three_d_tracker_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker" ADD CONSTRAINT "three_d_tracker_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_tracker" ADD CONSTRAINT "three_d_tracker_next_upload_model_id_three_d_model_node_id_fk" FOREIGN KEY ("next_upload_model_id") REFERENCES "public"."three_d_model"("node_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "three_d_model_session_model_idx" ON "three_d_model_session" USING btree ("organization_id","three_d_model_node_id","created_at");--> statement-breakpoint
CREATE INDEX "three_d_model_session_tracker_idx" ON "three_d_model_session" USING btree ("tracker_node_id");--> statement-breakpoint
CREATE INDEX "three_d_tracker_credential_tracker_idx" ON "three_d_tracker_credential" USING btree ("tracker_node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "three_d_tracker_device_idx" ON "three_d_tracker" USING btree ("organization_id","id_from_tracker");--> statement-breakpoint
CREATE INDEX "three_d_tracker_org_created_idx" ON "three_d_tracker" USING btree ("organization_id","created_at");