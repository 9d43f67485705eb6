CREATE TABLE "school_adaptations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"engine" text NOT NULL,
	"outcome" text NOT NULL,
	"transform" text,
	"learnt_from" integer[] NOT NULL,
	"checked_on" integer[] NOT NULL,
	"checked" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_adaptations_transform" CHECK (("school_adaptations"."outcome" = 'kept') = ("school_adaptations"."transform" is not null))
);
--> statement-breakpoint
ALTER TABLE "reading_suggestions" ADD COLUMN "adapted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_adaptations" ADD CONSTRAINT "school_adaptations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_adaptations_school_idx" ON "school_adaptations" USING btree ("school_id","engine","created_at");