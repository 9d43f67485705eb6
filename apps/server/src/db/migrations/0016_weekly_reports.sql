CREATE TABLE "weekly_reports" (
	"student_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_reports_student_id_week_start_pk" PRIMARY KEY("student_id","week_start"),
	CONSTRAINT "weekly_reports_monday" CHECK (extract(isodow from "weekly_reports"."week_start") = 1)
);
--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;