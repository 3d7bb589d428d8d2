ALTER TABLE "dev_cabinet" ADD COLUMN "connected_via" varchar(160);--> statement-breakpoint
ALTER TABLE "dev_log" ADD COLUMN "actor" varchar(64);