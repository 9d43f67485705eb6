CREATE TABLE "screening_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"district_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"schools_done" integer DEFAULT 0 NOT NULL,
	"schools_total" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"bytes" bigint,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "screening_exports" ADD CONSTRAINT "screening_exports_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_exports" ADD CONSTRAINT "screening_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_exports_district_idx" ON "screening_exports" USING btree ("district_id","id");