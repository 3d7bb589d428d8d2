ALTER TABLE "ord_order" ADD COLUMN "member_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "generated_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "source" varchar(16);--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "pay_channel" varchar(12);--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "pay_config_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "pay_config_name" varchar(16);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "member_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "generated_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "source" varchar(16);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "pay_channel" varchar(12);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "pay_config_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "pay_config_name" varchar(16);--> statement-breakpoint
UPDATE "ord_order" SET "generated_amount" = greatest(0, "original_amount" - "voucher_deduction" - "coupon_deduction") WHERE "status" NOT IN ('ejecting', 'using');--> statement-breakpoint
UPDATE "ord_order_archive" SET "generated_amount" = greatest(0, "original_amount" - "voucher_deduction" - "coupon_deduction");
