CREATE TABLE "monitoring_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"goal_wcpm" smallint,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"started_on" date NOT NULL,
	"tier" text NOT NULL,
	"baseline_wcpm" smallint NOT NULL,
	"goal_wcpm" smallint NOT NULL,
	"goal_on" date NOT NULL,
	"cadence_days" smallint NOT NULL,
	"ended_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_plans_cadence" CHECK ("monitoring_plans"."cadence_days" between 1 and 28),
	CONSTRAINT "monitoring_plans_goal" CHECK ("monitoring_plans"."goal_wcpm" > "monitoring_plans"."baseline_wcpm")
);
--> statement-breakpoint
ALTER TABLE "monitoring_decisions" ADD CONSTRAINT "monitoring_decisions_plan_id_monitoring_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."monitoring_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_decisions" ADD CONSTRAINT "monitoring_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_plans" ADD CONSTRAINT "monitoring_plans_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_plans" ADD CONSTRAINT "monitoring_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_decisions_plan_idx" ON "monitoring_decisions" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_plans_open_uq" ON "monitoring_plans" USING btree ("student_id") WHERE "monitoring_plans"."ended_on" is null;--> statement-breakpoint
CREATE INDEX "monitoring_plans_student_idx" ON "monitoring_plans" USING btree ("student_id");