CREATE TABLE "vch_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_mobile" varchar(32) NOT NULL,
	"voucher_id" bigint NOT NULL,
	"voucher_name" varchar(16) NOT NULL,
	"price" integer NOT NULL,
	"free_minutes" integer NOT NULL,
	"uses" integer NOT NULL,
	"uses_left" integer NOT NULL,
	"used_value" integer DEFAULT 0 NOT NULL,
	"scope_type" varchar(8) NOT NULL,
	"scope_id" bigint,
	"valid_until" timestamp with time zone NOT NULL,
	"status" varchar(14) NOT NULL,
	"pay_reference" varchar(64),
	"buy_key" varchar(64) NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"refund_attempts" smallint DEFAULT 0 NOT NULL,
	"refund_reason" varchar(64),
	"refund_by" varchar(64),
	"refund_reference" varchar(64),
	"fail_reason" varchar(64),
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vch_order_uses_ck" CHECK ("vch_order"."uses_left" >= 0 and "vch_order"."uses_left" <= "vch_order"."uses"),
	CONSTRAINT "vch_order_value_ck" CHECK ("vch_order"."used_value" >= 0 and "vch_order"."used_value" + "vch_order"."refund_amount" <= "vch_order"."price")
);
--> statement-breakpoint
CREATE TABLE "vch_voucher" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"price" integer NOT NULL,
	"free_minutes" integer NOT NULL,
	"uses" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"scope_type" varchar(8) NOT NULL,
	"scope_id" bigint,
	"status" varchar(8) NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vch_voucher_sold_ck" CHECK ("vch_voucher"."sold" >= 0 and "vch_voucher"."sold" <= "vch_voucher"."stock")
);
--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "voucher_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "voucher_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "voucher_order_no" varchar(32);--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "voucher_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "voucher_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "voucher_order_no" varchar(32);--> statement-breakpoint
CREATE UNIQUE INDEX "vch_order_no_uq" ON "vch_order" USING btree ("voucher_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "vch_order_buy_key_uq" ON "vch_order" USING btree ("user_id","buy_key");--> statement-breakpoint
CREATE INDEX "vch_order_created_idx" ON "vch_order" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vch_order_user_idx" ON "vch_order" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "vch_order_valid_idx" ON "vch_order" USING btree ("valid_until") WHERE status = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "vch_voucher_name_uq" ON "vch_voucher" USING btree ("name");