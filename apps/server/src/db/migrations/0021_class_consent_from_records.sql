ALTER TABLE "class_settings" DROP COLUMN "fluency_parent_permission";--> statement-breakpoint
ALTER TABLE "class_settings" DROP COLUMN "fluency_admin_approval";