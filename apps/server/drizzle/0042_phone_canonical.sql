CREATE TABLE "sys_sms_budget" (
	"scope" varchar(80) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "sys_sms_budget_scope_window_start_pk" PRIMARY KEY("scope","window_start")
);
--> statement-breakpoint
CREATE TABLE "net_phone_duplicate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"row_id" bigint NOT NULL,
	"kept_id" bigint,
	"area_code_was" varchar(8),
	"mobile_was" varchar(20),
	"area_code" varchar(8),
	"mobile" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "net_app_account_mobile_uq";--> statement-breakpoint
DROP INDEX "net_member_mobile_uq";--> statement-breakpoint
ALTER TABLE "net_app_account" ADD COLUMN "duplicate_of" bigint;--> statement-breakpoint
ALTER TABLE "net_member" ADD COLUMN "duplicate_of" bigint;--> statement-breakpoint
CREATE INDEX "sys_sms_budget_window_idx" ON "sys_sms_budget" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "net_phone_duplicate_row_uq" ON "net_phone_duplicate" USING btree ("kind","row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "net_app_account_mobile_uq" ON "net_app_account" USING btree ("area_code","mobile") WHERE duplicate_of is null;--> statement-breakpoint
CREATE UNIQUE INDEX "net_member_mobile_uq" ON "net_member" USING btree ("area_code","mobile") WHERE duplicate_of is null;