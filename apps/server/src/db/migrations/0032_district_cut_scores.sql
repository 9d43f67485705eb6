CREATE TABLE "district_cut_scores" (
	"district_id" integer NOT NULL,
	"grade" smallint NOT NULL,
	"season" text NOT NULL,
	"benchmark" smallint NOT NULL,
	"well_below" smallint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_cut_scores_district_id_grade_season_pk" PRIMARY KEY("district_id","grade","season"),
	CONSTRAINT "district_cut_scores_order" CHECK ("district_cut_scores"."well_below" < "district_cut_scores"."benchmark")
);
--> statement-breakpoint
ALTER TABLE "district_cut_scores" ADD CONSTRAINT "district_cut_scores_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_cut_scores" ADD CONSTRAINT "district_cut_scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;