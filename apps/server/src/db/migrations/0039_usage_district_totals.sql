CREATE TABLE "usage_district_totals" (
	"district_id" integer PRIMARY KEY NOT NULL,
	"period_end" date NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "schools_district_idx";--> statement-breakpoint
ALTER TABLE "usage_district_totals" ADD CONSTRAINT "usage_district_totals_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schools_district_idx" ON "schools" USING btree ("district_id","name","id");