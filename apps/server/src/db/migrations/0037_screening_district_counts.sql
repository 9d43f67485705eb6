CREATE TABLE "screening_district_counts" (
	"district_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"season" text NOT NULL,
	"grade" smallint NOT NULL,
	"bucket" text NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "screening_district_counts_district_id_school_year_season_grade_bucket_pk" PRIMARY KEY("district_id","school_year","season","grade","bucket")
);
--> statement-breakpoint
CREATE TABLE "screening_district_counts_made" (
	"district_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"school_id" integer NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "screening_district_counts_made_district_id_school_year_school_id_pk" PRIMARY KEY("district_id","school_year","school_id")
);
--> statement-breakpoint
ALTER TABLE "screening_district_counts" ADD CONSTRAINT "screening_district_counts_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_district_counts_made" ADD CONSTRAINT "screening_district_counts_made_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;