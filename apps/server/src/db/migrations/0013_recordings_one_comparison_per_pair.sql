DROP INDEX "recordings_cold_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_comparison_uq" ON "recordings" USING btree ("cold_id","hot_id");