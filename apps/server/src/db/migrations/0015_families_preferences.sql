CREATE TABLE "family_preferences" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"send_weekly_report" boolean DEFAULT false NOT NULL,
	"send_parent_emails" boolean DEFAULT false NOT NULL,
	"weekly_report_unsubscribed_at" timestamp with time zone,
	"parent_emails_unsubscribed_at" timestamp with time zone,
	"bouncing_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_preferences" ADD CONSTRAINT "family_preferences_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;