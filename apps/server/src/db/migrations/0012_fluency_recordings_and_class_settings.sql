CREATE TABLE "class_settings" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"send_weekly_report" boolean DEFAULT false NOT NULL,
	"retake_exams" boolean DEFAULT false NOT NULL,
	"unlink_video" boolean DEFAULT true NOT NULL,
	"slow_video" boolean DEFAULT false NOT NULL,
	"complete_lessons_extensions" boolean DEFAULT true NOT NULL,
	"record_student_fluency" boolean DEFAULT false NOT NULL,
	"fluency_parent_permission" boolean DEFAULT false NOT NULL,
	"fluency_admin_approval" boolean DEFAULT false NOT NULL,
	"fluency_lyrics_only" boolean DEFAULT false NOT NULL,
	"welcome_message" text DEFAULT 'hello, class' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"lesson_id" integer NOT NULL,
	"classification" text NOT NULL,
	"lyrics_only" boolean NOT NULL,
	"declared_type" text NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"classification" text NOT NULL,
	"lyrics_only" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"failure" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"source_key" text,
	"source_type" text,
	"source_bytes" bigint,
	"video_key" text,
	"video_type" text,
	"thumbnail_key" text,
	"duration_seconds" real,
	"cold_id" integer,
	"hot_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	CONSTRAINT "recordings_stitched_sources" CHECK (("recordings"."classification" = 'stitched') = ("recordings"."cold_id" is not null and "recordings"."hot_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "class_settings" ADD CONSTRAINT "class_settings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_uploads" ADD CONSTRAINT "recording_uploads_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_uploads" ADD CONSTRAINT "recording_uploads_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_cold_id_recordings_id_fk" FOREIGN KEY ("cold_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_hot_id_recordings_id_fk" FOREIGN KEY ("hot_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_uploads_student_idx" ON "recording_uploads" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "recording_uploads_updated_idx" ON "recording_uploads" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "recordings_student_created_idx" ON "recordings" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "recordings_lesson_idx" ON "recordings" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "recordings_cold_idx" ON "recordings" USING btree ("cold_id");--> statement-breakpoint
CREATE INDEX "recordings_hot_idx" ON "recordings" USING btree ("hot_id");