CREATE TABLE "cp_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"batch_id" bigint NOT NULL,
	"coupon_id" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'unused' NOT NULL,
	"user_id" bigint,
	"user_mobile" varchar(32),
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cp_code_batch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_no" varchar(24) NOT NULL,
	"coupon_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"exchanged" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "cp_code_batch_exchanged_ck" CHECK ("cp_code_batch"."exchanged" >= 0 and "cp_code_batch"."exchanged" <= "cp_code_batch"."quantity")
);
--> statement-breakpoint
CREATE TABLE "cp_coupon" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"type" varchar(8) NOT NULL,
	"scope" varchar(8) NOT NULL,
	"scope_id" bigint,
	"scope_sn" varchar(32),
	"duration_hours" smallint,
	"amount" integer,
	"total" integer NOT NULL,
	"allotted" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"exchange_deadline" timestamp with time zone,
	"source" varchar(8) NOT NULL,
	"status" varchar(8) DEFAULT 'active' NOT NULL,
	"created_by" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cp_coupon_allotted_ck" CHECK ("cp_coupon"."allotted" >= 0 and "cp_coupon"."allotted" <= "cp_coupon"."total"),
	CONSTRAINT "cp_coupon_value_ck" CHECK (("cp_coupon"."type" = 'duration' and "cp_coupon"."duration_hours" between 1 and 24) or ("cp_coupon"."type" = 'money' and "cp_coupon"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "cp_user_coupon" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" bigint NOT NULL,
	"coupon_name" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_mobile" varchar(32) NOT NULL,
	"type" varchar(8) NOT NULL,
	"duration_hours" smallint,
	"amount" integer,
	"scope" varchar(8) NOT NULL,
	"scope_id" bigint,
	"scope_sn" varchar(32),
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"source" varchar(8) NOT NULL,
	"code_id" bigint,
	"status" varchar(8) DEFAULT 'unused' NOT NULL,
	"order_no" varchar(32),
	"deduction" integer DEFAULT 0 NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "coupon_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "user_coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "coupon_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "user_coupon_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "cp_code_code_uq" ON "cp_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cp_code_batch_idx" ON "cp_code" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cp_code_batch_no_uq" ON "cp_code_batch" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "cp_code_batch_coupon_idx" ON "cp_code_batch" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cp_coupon_name_uq" ON "cp_coupon" USING btree ("name") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "cp_user_coupon_user_idx" ON "cp_user_coupon" USING btree ("user_id","status","valid_to");--> statement-breakpoint
CREATE INDEX "cp_user_coupon_coupon_idx" ON "cp_user_coupon" USING btree ("coupon_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "cp_user_coupon_created_idx" ON "cp_user_coupon" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cp_user_coupon_code_uq" ON "cp_user_coupon" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cp_user_coupon_order_uq" ON "cp_user_coupon" USING btree ("order_no");