ALTER TABLE "ord_order" ADD COLUMN "package_name" varchar(16);--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "package_hours" integer;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "unlock_code" varchar(8);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "package_name" varchar(16);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "package_hours" integer;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "unlock_code" varchar(8);--> statement-breakpoint
CREATE UNIQUE INDEX "ord_order_open_charger_uq" ON "ord_order" USING btree ("sn") WHERE device_type = 'bluetooth' and status = 'using';