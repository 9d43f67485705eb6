CREATE TABLE "reading_suggestions" (
	"recording_id" integer PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_suggestions_result" CHECK (("reading_suggestions"."status" in ('suggested', 'declined')) = ("reading_suggestions"."result" is not null))
);
--> statement-breakpoint
ALTER TABLE "recording_grades" ADD COLUMN "accepted_word_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "recording_grades" ADD COLUMN "last_word_suggested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recording_grades" ADD COLUMN "suggestion_engine" text;--> statement-breakpoint
ALTER TABLE "reading_suggestions" ADD CONSTRAINT "reading_suggestions_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_suggestions_engine_idx" ON "reading_suggestions" USING btree ("engine");