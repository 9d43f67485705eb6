CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"attempt" smallint NOT NULL,
	"answers" jsonb NOT NULL,
	"correct" smallint NOT NULL,
	"solved" smallint NOT NULL,
	"percent" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempts_day" CHECK ("exam_attempts"."day" between 1 and 3),
	CONSTRAINT "exam_attempts_attempt" CHECK ("exam_attempts"."attempt" >= 1),
	CONSTRAINT "exam_attempts_counts" CHECK ("exam_attempts"."correct" between 0 and "exam_attempts"."solved")
);
--> statement-breakpoint
CREATE TABLE "extension_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"draft" text DEFAULT '' NOT NULL,
	"draft_saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response" text,
	"submitted_at" timestamp with time zone,
	"score" smallint,
	"score_text" text,
	"comment" text,
	"scored_at" timestamp with time zone,
	"scored_by" integer,
	CONSTRAINT "extension_responses_score" CHECK ("extension_responses"."score" is null or "extension_responses"."score" between 1 and 3),
	CONSTRAINT "extension_responses_submitted" CHECK (("extension_responses"."response" is null) = ("extension_responses"."submitted_at" is null))
);
--> statement-breakpoint
CREATE TABLE "read_alongs" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_on_task" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"school_id" integer,
	"seconds" integer DEFAULT 0 NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	CONSTRAINT "time_on_task_user_id_kind_day_pk" PRIMARY KEY("user_id","kind","day"),
	CONSTRAINT "time_on_task_seconds" CHECK ("time_on_task"."seconds" between 0 and 86400)
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_responses" ADD CONSTRAINT "extension_responses_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_responses" ADD CONSTRAINT "extension_responses_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_responses" ADD CONSTRAINT "extension_responses_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_alongs" ADD CONSTRAINT "read_alongs_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_alongs" ADD CONSTRAINT "read_alongs_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_on_task" ADD CONSTRAINT "time_on_task_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_on_task" ADD CONSTRAINT "time_on_task_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_student_lesson_day_attempt_uq" ON "exam_attempts" USING btree ("student_id","lesson_id","day","attempt");--> statement-breakpoint
CREATE INDEX "exam_attempts_lesson_idx" ON "exam_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extension_responses_student_lesson_uq" ON "extension_responses" USING btree ("student_id","lesson_id");--> statement-breakpoint
CREATE INDEX "extension_responses_lesson_idx" ON "extension_responses" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "read_alongs_student_lesson_minute_uq" ON "read_alongs" USING btree ("student_id","lesson_id","minute");--> statement-breakpoint
CREATE INDEX "time_on_task_school_day_idx" ON "time_on_task" USING btree ("school_id","day","kind");