DROP INDEX "node_org_path_idx";--> statement-breakpoint
CREATE INDEX "node_live_path_idx" ON "node" USING btree ("organization_id","path" COLLATE "C") WHERE "node"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "node_org_path_idx" ON "node" USING btree ("organization_id","path" COLLATE "C");