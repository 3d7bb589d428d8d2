CREATE TABLE "sep_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"rule_id" bigint NOT NULL,
	"rule_code" varchar(32) NOT NULL,
	"sn" varchar(32) NOT NULL,
	"order_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"restored_amount" bigint DEFAULT 0 NOT NULL,
	"shares" jsonb NOT NULL,
	"status" varchar(10) NOT NULL,
	"order_created_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_by" varchar(64),
	CONSTRAINT "sep_order_amount_ck" CHECK ("sep_order"."amount" > 0 and "sep_order"."restored_amount" >= 0 and "sep_order"."restored_amount" <= "sep_order"."amount")
);
--> statement-breakpoint
CREATE TABLE "sep_rule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"type" varchar(12) NOT NULL,
	"status" varchar(10) NOT NULL,
	"order_begin_at" timestamp with time zone NOT NULL,
	"order_end_at" timestamp with time zone NOT NULL,
	"start_amount" bigint NOT NULL,
	"cap_amount" bigint NOT NULL,
	"count_start" integer NOT NULL,
	"count_cap" integer NOT NULL,
	"total_cap" bigint,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"separated_count" integer DEFAULT 0 NOT NULL,
	"separated_amount" bigint DEFAULT 0 NOT NULL,
	"creator" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sep_rule_counts_ck" CHECK ("sep_rule"."separated_count" >= 0 and "sep_rule"."separated_amount" >= 0 and "sep_rule"."start_amount" <= "sep_rule"."cap_amount" and "sep_rule"."count_start" <= "sep_rule"."count_cap")
);
--> statement-breakpoint
CREATE TABLE "sep_rule_device" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" bigint NOT NULL,
	"sn" varchar(32) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sep_rule_device_matched_ck" CHECK ("sep_rule_device"."matched" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sep_order" ADD CONSTRAINT "sep_order_rule_id_sep_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sep_rule"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sep_rule_device" ADD CONSTRAINT "sep_rule_device_rule_id_sep_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sep_rule"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sep_order_no_uq" ON "sep_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sep_order_rule_idx" ON "sep_order" USING btree ("rule_id","status");--> statement-breakpoint
CREATE INDEX "sep_order_created_idx" ON "sep_order" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sep_rule_code_uq" ON "sep_rule" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sep_rule_name_uq" ON "sep_rule" USING btree ("name") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "sep_rule_created_idx" ON "sep_rule" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sep_rule_device_uq" ON "sep_rule_device" USING btree ("rule_id","sn");--> statement-breakpoint
CREATE INDEX "sep_rule_device_sn_idx" ON "sep_rule_device" USING btree ("sn") WHERE active;