CREATE TABLE "benchmark_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"district_id" integer,
	"school_id" integer,
	"teacher_id" integer,
	"school_year" smallint NOT NULL,
	"windows" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benchmark_calendars_one_owner" CHECK (num_nonnulls("benchmark_calendars"."district_id", "benchmark_calendars"."school_id", "benchmark_calendars"."teacher_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "benchmark_calendars" ADD CONSTRAINT "benchmark_calendars_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_calendars" ADD CONSTRAINT "benchmark_calendars_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_calendars" ADD CONSTRAINT "benchmark_calendars_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_calendars" ADD CONSTRAINT "benchmark_calendars_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "benchmark_calendars_district_uq" ON "benchmark_calendars" USING btree ("district_id","school_year") WHERE "benchmark_calendars"."district_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "benchmark_calendars_school_uq" ON "benchmark_calendars" USING btree ("school_id","school_year") WHERE "benchmark_calendars"."school_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "benchmark_calendars_teacher_uq" ON "benchmark_calendars" USING btree ("teacher_id","school_year") WHERE "benchmark_calendars"."teacher_id" is not null;