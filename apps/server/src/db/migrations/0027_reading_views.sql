CREATE TABLE "reading_views" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"text_size" text NOT NULL,
	"dyslexia_friendly" boolean NOT NULL,
	"line_focus" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_views_text_size" CHECK ("reading_views"."text_size" in ('normal', 'large', 'larger'))
);
--> statement-breakpoint
ALTER TABLE "reading_views" ADD CONSTRAINT "reading_views_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;