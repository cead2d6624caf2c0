CREATE TABLE "analysis_area_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"analysis_run_id" uuid NOT NULL,
	"line_node_id" uuid NOT NULL,
	"line_index" integer NOT NULL,
	"detections" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"worker_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_job" ADD COLUMN "line_count" integer;--> statement-breakpoint
ALTER TABLE "analysis_job" ADD COLUMN "lines_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_area_line" ADD CONSTRAINT "analysis_area_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_area_line" ADD CONSTRAINT "analysis_area_line_analysis_run_id_analysis_run_id_fk" FOREIGN KEY ("analysis_run_id") REFERENCES "public"."analysis_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_area_line" ADD CONSTRAINT "analysis_area_line_line_node_id_node_id_fk" FOREIGN KEY ("line_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_area_line_run_line_idx" ON "analysis_area_line" USING btree ("analysis_run_id","line_node_id");