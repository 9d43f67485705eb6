ALTER TABLE "recording_grades" ADD COLUMN "submission" uuid;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "submission" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "recording_grades_submission_uq" ON "recording_grades" USING btree ("recording_id","submission");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_records_submission_uq" ON "consent_records" USING btree ("student_id","submission");