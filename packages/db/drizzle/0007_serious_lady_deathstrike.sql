CREATE TABLE "building_related_node" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"floor_plan_node_id" uuid NOT NULL,
	"related_node_id" uuid NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_plan" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"building_node_id" uuid,
	"floor_id" uuid,
	"file_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"pdf_page" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"building_node_id" uuid NOT NULL,
	"name" text,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_building_order_unique" UNIQUE("building_node_id","order")
);
--> statement-breakpoint
ALTER TABLE "building_related_node" ADD CONSTRAINT "building_related_node_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_related_node" ADD CONSTRAINT "building_related_node_floor_plan_node_id_floor_plan_node_id_fk" FOREIGN KEY ("floor_plan_node_id") REFERENCES "public"."floor_plan"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_related_node" ADD CONSTRAINT "building_related_node_related_node_id_node_id_fk" FOREIGN KEY ("related_node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan" ADD CONSTRAINT "floor_plan_node_id_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."node"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan" ADD CONSTRAINT "floor_plan_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan" ADD CONSTRAINT "floor_plan_building_node_id_building_node_id_fk" FOREIGN KEY ("building_node_id") REFERENCES "public"."building"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan" ADD CONSTRAINT "floor_plan_floor_id_floor_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan" ADD CONSTRAINT "floor_plan_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor" ADD CONSTRAINT "floor_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor" ADD CONSTRAINT "floor_building_node_id_building_node_id_fk" FOREIGN KEY ("building_node_id") REFERENCES "public"."building"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "building_related_node_plan_idx" ON "building_related_node" USING btree ("organization_id","floor_plan_node_id");--> statement-breakpoint
CREATE INDEX "floor_plan_floor_idx" ON "floor_plan" USING btree ("organization_id","floor_id","created_at");--> statement-breakpoint
CREATE INDEX "floor_org_building_idx" ON "floor" USING btree ("organization_id","building_node_id");