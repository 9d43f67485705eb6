CREATE TABLE "roster_import_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"severity" text NOT NULL,
	"file" text NOT NULL,
	"line" integer,
	"sourced_id" text,
	"field" text,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"district_id" integer NOT NULL,
	"uploaded_by" integer,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" text DEFAULT 'validating' NOT NULL,
	"preview" jsonb,
	"errors" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"options" jsonb,
	"failure" text,
	"applied_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roster_records" (
	"district_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sourced_id" text NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "roster_records_district_id_kind_sourced_id_pk" PRIMARY KEY("district_id","kind","sourced_id")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roster_district_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roster_values" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_groups" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "roster_import_problems" ADD CONSTRAINT "roster_import_problems_import_id_roster_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."roster_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_records" ADD CONSTRAINT "roster_records_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_import_problems_import_idx" ON "roster_import_problems" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "roster_imports_district_idx" ON "roster_imports" USING btree ("district_id","id" desc);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roster_district_id_districts_id_fk" FOREIGN KEY ("roster_district_id") REFERENCES "public"."districts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_district_sourced_uq" ON "schools" USING btree ("district_id","sourced_id") WHERE "schools"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_roster_sourced_uq" ON "users" USING btree ("roster_district_id","sourced_id") WHERE "users"."sourced_id" is not null;