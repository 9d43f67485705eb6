DROP INDEX "users_email_uq";--> statement-breakpoint
CREATE INDEX "users_adult_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."role" <> 'student' and "users"."email" is not null;