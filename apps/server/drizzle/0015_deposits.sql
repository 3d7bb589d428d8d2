CREATE TABLE "dep_free_order" (
	"order_no" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"outlet_id" bigint,
	"declared" integer NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dep_ignore" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"user_mobile" varchar(32) NOT NULL,
	"remark" varchar(64),
	"creator" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dep_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deposit_no" varchar(32) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_mobile" varchar(32) NOT NULL,
	"outlet_id" bigint,
	"outlet_name" varchar(32),
	"state" varchar(16) DEFAULT 'held' NOT NULL,
	"channel" varchar(12) NOT NULL,
	"amount" integer NOT NULL,
	"fee_taken" integer DEFAULT 0 NOT NULL,
	"refund_fee" integer DEFAULT 0 NOT NULL,
	"returned_amount" integer DEFAULT 0 NOT NULL,
	"pay_reference" varchar(64),
	"refund_reference" varchar(64),
	"remark" varchar(128),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "dep_order_money_ck" CHECK ("dep_order"."amount" > 0 and "dep_order"."fee_taken" >= 0 and "dep_order"."refund_fee" >= 0 and "dep_order"."returned_amount" >= 0 and "dep_order"."fee_taken" + "dep_order"."refund_fee" + "dep_order"."returned_amount" <= "dep_order"."amount")
);
--> statement-breakpoint
CREATE TABLE "dep_refund" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"deposit_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"back" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"reason" varchar(64) NOT NULL,
	"applicant" varchar(64),
	"auditor" varchar(64),
	"audit_remark" varchar(64),
	"provider_reference" varchar(64),
	"fail_reason" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dep_rule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"scope" varchar(12) NOT NULL,
	"target_id" bigint DEFAULT 0 NOT NULL,
	"scope_name" varchar(64),
	"deposit_order_count" integer NOT NULL,
	"deposit_free_order_count" integer NOT NULL,
	"status" varchar(10) DEFAULT 'enabled' NOT NULL,
	"creator" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dep_rule_counts_ck" CHECK ("dep_rule"."deposit_order_count" >= 1 and "dep_rule"."deposit_free_order_count" >= 0 and "dep_rule"."deposit_free_order_count" <= "dep_rule"."deposit_order_count")
);
--> statement-breakpoint
ALTER TABLE "dep_refund" ADD CONSTRAINT "dep_refund_deposit_id_dep_order_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."dep_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dep_free_order_user_idx" ON "dep_free_order" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dep_free_order_created_idx" ON "dep_free_order" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dep_ignore_user_uq" ON "dep_ignore" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dep_order_no_uq" ON "dep_order" USING btree ("deposit_no");--> statement-breakpoint
CREATE UNIQUE INDEX "dep_order_order_uq" ON "dep_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "dep_order_created_idx" ON "dep_order" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dep_order_user_idx" ON "dep_order" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "dep_order_state_idx" ON "dep_order" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dep_refund_no_uq" ON "dep_refund" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "dep_refund_open_uq" ON "dep_refund" USING btree ("deposit_id") WHERE state in ('pendingAudit', 'refunding');--> statement-breakpoint
CREATE UNIQUE INDEX "dep_rule_scope_uq" ON "dep_rule" USING btree ("scope","target_id");