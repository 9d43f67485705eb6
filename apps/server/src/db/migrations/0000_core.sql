CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"target_id" integer,
	"action" text NOT NULL,
	"ip" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"district_id" integer,
	"name" text NOT NULL,
	"zip" text,
	"city" text,
	"state" text,
	"nces_id" text,
	"seats" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"password_encrypted" text,
	"school_id" integer,
	"district_id" integer,
	"teacher_id" integer,
	"plan_id" smallint,
	"parent_email" text,
	"student_login_type" text DEFAULT 'select' NOT NULL,
	"require_3x" boolean,
	"require_retake" boolean,
	"slow_video" boolean,
	"enable_fluency_recording" boolean,
	"fluency_recording_lyrics_only" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_student_has_teacher" CHECK ("users"."role" <> 'student' or ("users"."teacher_id" is not null and "users"."plan_id" between 6 and 11))
);
--> statement-breakpoint
CREATE TABLE "exam_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"letter" text NOT NULL,
	"text" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"position" smallint NOT NULL,
	"question" text NOT NULL,
	"question_voice_url" text,
	"answers_voice_url" text,
	CONSTRAINT "exam_questions_day_range" CHECK ("exam_questions"."day" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "lesson_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"position" integer NOT NULL,
	"line" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"plan_id" smallint NOT NULL,
	"grade_label" text NOT NULL,
	"benchmark_grade" smallint,
	"lexile" integer NOT NULL,
	"words_per_minute" integer NOT NULL,
	"story_genre" text NOT NULL,
	"subject" text NOT NULL,
	"music_genre" text NOT NULL,
	"logo" text NOT NULL,
	"worksheet" text,
	"lyrics" text NOT NULL,
	"extension_prompt" text NOT NULL,
	CONSTRAINT "lessons_plan_id_range" CHECK ("lessons"."plan_id" between 6 and 12)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD CONSTRAINT "lesson_words_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "schools_district_idx" ON "schools" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "schools_zip_idx" ON "schools" USING btree ("zip");--> statement-breakpoint
CREATE UNIQUE INDEX "users_adult_username_uq" ON "users" USING btree (lower("username")) WHERE "users"."role" <> 'student';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email")) WHERE "users"."role" <> 'student' and "users"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_student_username_uq" ON "users" USING btree ("teacher_id",lower("username")) WHERE "users"."role" = 'student';--> statement-breakpoint
CREATE INDEX "users_teacher_idx" ON "users" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "users_school_role_idx" ON "users" USING btree ("school_id","role");--> statement-breakpoint
CREATE INDEX "users_district_role_idx" ON "users" USING btree ("district_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_answers_question_letter_uq" ON "exam_answers" USING btree ("question_id","letter");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_questions_lesson_day_position_uq" ON "exam_questions" USING btree ("lesson_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_words_lesson_position_uq" ON "lesson_words" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_slug_uq" ON "lessons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "lessons_plan_idx" ON "lessons" USING btree ("plan_id");