CREATE TABLE "recording_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"graded_by" integer,
	"accuracy" smallint NOT NULL,
	"expression" smallint NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"selected_word_ids" integer[] NOT NULL,
	"wpm" smallint NOT NULL,
	"last_word_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_grades_expression" CHECK ("recording_grades"."expression" between 1 and 5),
	CONSTRAINT "recording_grades_accuracy" CHECK ("recording_grades"."accuracy" <= 0),
	CONSTRAINT "recording_grades_wpm" CHECK ("recording_grades"."wpm" > 0)
);
--> statement-breakpoint
CREATE TABLE "recording_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recording_grades" ADD CONSTRAINT "recording_grades_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_grades" ADD CONSTRAINT "recording_grades_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_shares" ADD CONSTRAINT "recording_shares_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_shares" ADD CONSTRAINT "recording_shares_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_grades_recording_idx" ON "recording_grades" USING btree ("recording_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_shares_token_uq" ON "recording_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "recording_shares_recording_idx" ON "recording_shares" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "recording_shares_teacher_idx" ON "recording_shares" USING btree ("teacher_id");