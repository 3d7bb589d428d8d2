ALTER TABLE "sys_operation_log" ADD COLUMN "call" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_operation_log" ADD COLUMN "target_name" varchar(200);