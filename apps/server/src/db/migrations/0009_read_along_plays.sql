DROP INDEX "read_alongs_student_lesson_minute_uq";--> statement-breakpoint
-- Read-alongs already counted keep counting: each becomes a play of its own.
ALTER TABLE "read_alongs" ADD COLUMN "play" uuid NOT NULL DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "read_alongs" ALTER COLUMN "play" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "read_alongs_student_play_uq" ON "read_alongs" USING btree ("student_id","play");--> statement-breakpoint
CREATE INDEX "read_alongs_student_lesson_idx" ON "read_alongs" USING btree ("student_id","lesson_id");--> statement-breakpoint
ALTER TABLE "read_alongs" DROP COLUMN "minute";