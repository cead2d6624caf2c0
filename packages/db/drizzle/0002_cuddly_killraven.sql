CREATE TABLE "analysis" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"analysis_type" text NOT NULL,
	"input" jsonb NOT NULL,
	"input_key" text NOT NULL,
	"input_node_ids" uuid[] NOT NULL,
	"parent_analysis_node_id" uuid,
	"latest_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_correction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"analysis_node_id" uuid NOT NULL,
	"analysis_type" text NOT NULL,
	"based_on_run_id" uuid NOT NULL,
	"corrected_results" jsonb NOT NULL,
	"updated_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_correction_analysis_node_id_unique" UNIQUE("analysis_node_id")
);
--> statement-breakpoint
CREATE TABLE "analysis_job_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"event" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"analysis_run_id" uuid NOT NULL,
	"analysis_node_id" uuid NOT NULL,
	"analysis_type" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"progress" integer,
	"message" text,
	"engine_version" text NOT NULL,
	"payload" jsonb NOT NULL,
	"queue_job_id" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analysis_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"analysis_node_id" uuid NOT NULL,
	"analysis_type" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"progress" integer,
	"message" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_key" text DEFAULT '' NOT NULL,
	"engine_version" text NOT NULL,
	"result_file_id" uuid,
	"partial_results" jsonb,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dual_orientation_area_scan" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"parallel_area_scan_node_id" uuid NOT NULL,
	"perpendicular_area_scan_node_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dual_orientation_gpr_scan" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"parallel_gpr_scan_node_id" uuid NOT NULL,
	"perpendicular_gpr_scan_node_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpr_scan_group" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"group_type" text NOT NULL,
	"original_name" text NOT NULL,
	"zip_file_id" uuid,
	"area_scan_width_cm" double precision,
	"area_scan_height_cm" double precision,
	"grid_spacing_x_cm" double precision,
	"grid_spacing_y_cm" double precision,
	"grid_size_x_cm" double precision,
	"grid_size_y_cm" double precision,
	"scan_date" text,
	"csv_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpr_scan" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"sidecar_file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"radargram_index" integer DEFAULT 0 NOT NULL,
	"zip_file_id" uuid,
	"zip_path" text,
	"original_name" text NOT NULL,
	"format" text NOT NULL,
	"gpr_vendor_id" text,
	"gpr_external_id" text,
	"traces" integer NOT NULL,
	"samples_per_trace" integer NOT NULL,
	"sample_interval_s" double precision NOT NULL,
	"time_offset_s" double precision NOT NULL,
	"trace_spacing_m" double precision NOT NULL,
	"antenna_separation_m" double precision NOT NULL,
	"scan_length_m" double precision NOT NULL,
	"direction" text,
	"csv_line_number" integer,
	"scan_number" integer,
	"repetition_rate_scans_per_cm" double precision,
	"channel" integer,
	"antenna_name" text,
	"centre_frequency_hz" double precision,
	"permittivity" double precision,
	"scan_date" text,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis" ADD CONSTRAINT "analysis_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis" ADD CONSTRAINT "analysis_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis" ADD CONSTRAINT "analysis_parent_analysis_node_id_analysis_node_id_fk" FOREIGN KEY ("parent_analysis_node_id") REFERENCES "public"."analysis"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_correction" ADD CONSTRAINT "analysis_correction_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_correction" ADD CONSTRAINT "analysis_correction_analysis_node_id_analysis_node_id_fk" FOREIGN KEY ("analysis_node_id") REFERENCES "public"."analysis"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_correction" ADD CONSTRAINT "analysis_correction_based_on_run_id_analysis_run_id_fk" FOREIGN KEY ("based_on_run_id") REFERENCES "public"."analysis_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_correction" ADD CONSTRAINT "analysis_correction_updated_by_id_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_job_event" ADD CONSTRAINT "analysis_job_event_job_id_analysis_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."analysis_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_job" ADD CONSTRAINT "analysis_job_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_job" ADD CONSTRAINT "analysis_job_analysis_run_id_analysis_run_id_fk" FOREIGN KEY ("analysis_run_id") REFERENCES "public"."analysis_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_job" ADD CONSTRAINT "analysis_job_analysis_node_id_analysis_node_id_fk" FOREIGN KEY ("analysis_node_id") REFERENCES "public"."analysis"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_run" ADD CONSTRAINT "analysis_run_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_run" ADD CONSTRAINT "analysis_run_analysis_node_id_analysis_node_id_fk" FOREIGN KEY ("analysis_node_id") REFERENCES "public"."analysis"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_run" ADD CONSTRAINT "analysis_run_result_file_id_file_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_run" ADD CONSTRAINT "analysis_run_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_area_scan" ADD CONSTRAINT "dual_orientation_area_scan_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_area_scan" ADD CONSTRAINT "dual_orientation_area_scan_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_area_scan" ADD CONSTRAINT "dual_orientation_area_scan_parallel_area_scan_node_id_node_id_fk" FOREIGN KEY ("parallel_area_scan_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_area_scan" ADD CONSTRAINT "dual_orientation_area_scan_perpendicular_area_scan_node_id_node_id_fk" FOREIGN KEY ("perpendicular_area_scan_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_gpr_scan" ADD CONSTRAINT "dual_orientation_gpr_scan_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_gpr_scan" ADD CONSTRAINT "dual_orientation_gpr_scan_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_gpr_scan" ADD CONSTRAINT "dual_orientation_gpr_scan_parallel_gpr_scan_node_id_node_id_fk" FOREIGN KEY ("parallel_gpr_scan_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orientation_gpr_scan" ADD CONSTRAINT "dual_orientation_gpr_scan_perpendicular_gpr_scan_node_id_node_id_fk" FOREIGN KEY ("perpendicular_gpr_scan_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan_group" ADD CONSTRAINT "gpr_scan_group_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan_group" ADD CONSTRAINT "gpr_scan_group_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan_group" ADD CONSTRAINT "gpr_scan_group_zip_file_id_file_id_fk" FOREIGN KEY ("zip_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan" ADD CONSTRAINT "gpr_scan_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan" ADD CONSTRAINT "gpr_scan_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan" ADD CONSTRAINT "gpr_scan_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan" ADD CONSTRAINT "gpr_scan_zip_file_id_file_id_fk" FOREIGN KEY ("zip_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpr_scan" ADD CONSTRAINT "gpr_scan_preview_file_id_file_id_fk" FOREIGN KEY ("preview_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_unique_input_idx" ON "analysis" USING btree ("organization_id","analysis_type","input_key",coalesce("parent_analysis_node_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "analysis_org_created_idx" ON "analysis" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_input_nodes_idx" ON "analysis" USING gin ("input_node_ids");--> statement-breakpoint
CREATE INDEX "analysis_parent_idx" ON "analysis" USING btree ("parent_analysis_node_id");--> statement-breakpoint
CREATE INDEX "analysis_job_event_job_idx" ON "analysis_job_event" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_job_run_idx" ON "analysis_job" USING btree ("analysis_run_id");--> statement-breakpoint
CREATE INDEX "analysis_job_org_created_idx" ON "analysis_job" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_run_analysis_idx" ON "analysis_run" USING btree ("analysis_node_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_run_org_created_idx" ON "analysis_run" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "dual_area_scan_parallel_idx" ON "dual_orientation_area_scan" USING btree ("organization_id","parallel_area_scan_node_id");--> statement-breakpoint
CREATE INDEX "dual_area_scan_perpendicular_idx" ON "dual_orientation_area_scan" USING btree ("organization_id","perpendicular_area_scan_node_id");--> statement-breakpoint
CREATE INDEX "dual_gpr_scan_parallel_idx" ON "dual_orientation_gpr_scan" USING btree ("organization_id","parallel_gpr_scan_node_id");--> statement-breakpoint
CREATE INDEX "dual_gpr_scan_perpendicular_idx" ON "dual_orientation_gpr_scan" USING btree ("organization_id","perpendicular_gpr_scan_node_id");--> statement-breakpoint
CREATE INDEX "gpr_scan_group_org_idx" ON "gpr_scan_group" USING btree ("organization_id","group_type");--> statement-breakpoint
CREATE INDEX "gpr_scan_org_created_idx" ON "gpr_scan" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "gpr_scan_org_vendor_idx" ON "gpr_scan" USING btree ("organization_id","gpr_vendor_id","gpr_external_id");--> statement-breakpoint
CREATE INDEX "gpr_scan_org_external_idx" ON "gpr_scan" USING btree ("organization_id","gpr_external_id");