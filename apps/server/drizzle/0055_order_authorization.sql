ALTER TABLE "ord_order" ADD COLUMN "auth_state" varchar(12);--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "auth_reference" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "auth_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "auth_state" varchar(12);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "auth_reference" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "auth_amount" integer DEFAULT 0 NOT NULL;