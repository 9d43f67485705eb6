CREATE TABLE "suggestion_help" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"help" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestion_help" ADD CONSTRAINT "suggestion_help_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;