CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"given_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"document_key" text,
	"document_type" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer
);
--> statement-breakpoint
CREATE TABLE "deletion_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"pending_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"files_removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recording_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"viewer_kind" text NOT NULL,
	"viewer_id" integer,
	"on_behalf_of_id" integer,
	"share_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"file_key" text,
	"bytes" bigint,
	"token_hash" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "recording_retention_days" smallint;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "media_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "about_student_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_on_behalf_of_id_users_id_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_share_id_recording_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."recording_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exports" ADD CONSTRAINT "student_exports_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exports" ADD CONSTRAINT "student_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_student_idx" ON "consent_records" USING btree ("student_id","kind");--> statement-breakpoint
CREATE INDEX "deletion_ledger_pending_idx" ON "deletion_ledger" USING btree ("deleted_at") WHERE "deletion_ledger"."files_removed_at" is null;--> statement-breakpoint
CREATE INDEX "recording_views_recording_idx" ON "recording_views" USING btree ("recording_id","viewed_at");--> statement-breakpoint
CREATE INDEX "student_exports_student_idx" ON "student_exports" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_exports_expires_idx" ON "student_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_exports_token_uq" ON "student_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING gin ("about_student_ids");--> statement-breakpoint
-- The class-wide consent checkboxes become one record per student of the class (decision 0026),
-- so no class that could record before loses it.
INSERT INTO "consent_records" ("student_id", "kind", "method", "given_on", "note", "recorded_by", "recorded_at")
SELECT u."id", 'parent_permission', 'signed_slip', cs."updated_at"::date,
  'Carried over from the class setting "I have parent permission".', cs."teacher_id", cs."updated_at"
FROM "users" u JOIN "class_settings" cs ON cs."teacher_id" = u."teacher_id"
WHERE u."role" = 'student' AND cs."fluency_parent_permission";--> statement-breakpoint
INSERT INTO "consent_records" ("student_id", "kind", "method", "given_on", "note", "recorded_by", "recorded_at")
SELECT u."id", 'admin_approval', 'school_policy', cs."updated_at"::date,
  'Carried over from the class setting "I have admin approval".', cs."teacher_id", cs."updated_at"
FROM "users" u JOIN "class_settings" cs ON cs."teacher_id" = u."teacher_id"
WHERE u."role" = 'student' AND cs."fluency_admin_approval";
