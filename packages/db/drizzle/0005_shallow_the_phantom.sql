CREATE TABLE "three_d_model_observation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"three_d_model_node_id" uuid NOT NULL,
	"three_d_model_version_id" uuid,
	"observation_type" text NOT NULL,
	"observation_node_id" uuid NOT NULL,
	"observation_date" text,
	"observation_area" jsonb NOT NULL,
	"scan_area" jsonb,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "three_d_model_version_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"version_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_id" uuid NOT NULL,
	"summary" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "three_d_model_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"three_d_model_node_id" uuid NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "three_d_model" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"rotation_x_deg" double precision DEFAULT 0 NOT NULL,
	"rotation_y_deg" double precision DEFAULT 0 NOT NULL,
	"rotation_z_deg" double precision DEFAULT 0 NOT NULL,
	"material_size" double precision DEFAULT 10 NOT NULL,
	"use_vertex_colors" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "three_d_model_observation" ADD CONSTRAINT "three_d_model_observation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_observation" ADD CONSTRAINT "three_d_model_observation_three_d_model_node_id_three_d_model_node_id_fk" FOREIGN KEY ("three_d_model_node_id") REFERENCES "public"."three_d_model"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_observation" ADD CONSTRAINT "three_d_model_observation_three_d_model_version_id_three_d_model_version_id_fk" FOREIGN KEY ("three_d_model_version_id") REFERENCES "public"."three_d_model_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_observation" ADD CONSTRAINT "three_d_model_observation_observation_node_id_node_id_fk" FOREIGN KEY ("observation_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_version_file" ADD CONSTRAINT "three_d_model_version_file_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_version_file" ADD CONSTRAINT "three_d_model_version_file_version_id_three_d_model_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."three_d_model_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_version_file" ADD CONSTRAINT "three_d_model_version_file_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_version" ADD CONSTRAINT "three_d_model_version_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_version" ADD CONSTRAINT "three_d_model_version_three_d_model_node_id_three_d_model_node_id_fk" FOREIGN KEY ("three_d_model_node_id") REFERENCES "public"."three_d_model"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model_version" ADD CONSTRAINT "three_d_model_version_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model" ADD CONSTRAINT "three_d_model_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_model" ADD CONSTRAINT "three_d_model_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "three_d_model_observation_model_idx" ON "three_d_model_observation" USING btree ("organization_id","three_d_model_node_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "three_d_model_observation_unique_idx" ON "three_d_model_observation" USING btree ("three_d_model_node_id","observation_node_id",coalesce("three_d_model_version_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "three_d_model_version_file_version_idx" ON "three_d_model_version_file" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "three_d_model_version_file_file_idx" ON "three_d_model_version_file" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "three_d_model_version_model_idx" ON "three_d_model_version" USING btree ("organization_id","three_d_model_node_id","created_at");