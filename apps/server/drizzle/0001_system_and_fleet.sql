CREATE TABLE "sys_org" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"name" varchar(32) NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_banner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" varchar(32) NOT NULL,
	"img" varchar(255) NOT NULL,
	"link" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_device_pay" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idx" integer NOT NULL,
	"name" varchar(16) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"pay_mode" varchar(16) NOT NULL,
	"channels" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"buyout_price" bigint NOT NULL,
	"buyout_days" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_device_pay_idx_unique" UNIQUE("idx")
);
--> statement-breakpoint
CREATE TABLE "sys_device_scene" (
	"device_type" varchar(16) PRIMARY KEY NOT NULL,
	"img" varchar(255),
	"link" varchar(255),
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_extension" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" varchar(12) DEFAULT 'closed' NOT NULL,
	"activated_at" timestamp with time zone,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_extension_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_problem_type" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(32) DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'inUse' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_cabinet" (
	"sn" varchar(17) PRIMARY KEY NOT NULL,
	"imei" varchar(20),
	"iccid" varchar(22),
	"firmware_main" varchar(32),
	"firmware_board" varchar(32),
	"model" varchar(32),
	"hw_version" varchar(32),
	"net_mode" varchar(8),
	"slot_count" smallint,
	"csq" smallint,
	"heartbeat_sec" integer,
	"uptime_sec" integer,
	"host" varchar(128),
	"port" integer,
	"ftp_host" varchar(128),
	"ftp_port" integer,
	"ftp_user" varchar(64),
	"online" boolean DEFAULT false NOT NULL,
	"online_reason" varchar(20),
	"online_changed_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"inventory_at" timestamp with time zone,
	"free_slots" smallint,
	"power_banks" smallint DEFAULT 0 NOT NULL,
	"charged_power_banks" smallint DEFAULT 0 NOT NULL,
	"battery_avg" smallint,
	"fault_slots" smallint DEFAULT 0 NOT NULL,
	"outlet_id" bigint,
	"stocked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stocked_in_by" bigint
);
--> statement-breakpoint
CREATE TABLE "dev_command" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"sn" varchar(17) NOT NULL,
	"type" varchar(16) NOT NULL,
	"data" jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"percent" smallint,
	"result" jsonb,
	"reason" varchar(64),
	"duplicate" boolean DEFAULT false NOT NULL,
	"target_slot" smallint,
	"target_power_bank_id" varchar(17),
	"check_command_id" varchar(40),
	"confirmed_by_inventory" boolean,
	"batch_id" bigint,
	"created_by" bigint,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_firmware_batch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" varchar(32) NOT NULL,
	"url" varchar(500) NOT NULL,
	"sha256" varchar(64),
	"total" integer NOT NULL,
	"created_by" bigint,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_forced_eject" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"command_id" varchar(40) NOT NULL,
	"sn" varchar(17) NOT NULL,
	"slot" smallint NOT NULL,
	"power_bank_id" varchar(17),
	"reason" varchar(100) NOT NULL,
	"operator_id" bigint,
	"operator_name" varchar(64),
	"state" varchar(12) DEFAULT 'notReturned' NOT NULL,
	"returned_at" timestamp with time zone,
	"returned_sn" varchar(17),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sn" varchar(40),
	"kind" varchar(12) NOT NULL,
	"reason" varchar(32) NOT NULL,
	"address" varchar(64),
	"detail" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_power_bank" (
	"power_bank_id" varchar(17) PRIMARY KEY NOT NULL,
	"sn" varchar(17),
	"slot" smallint,
	"battery" smallint,
	"charging" boolean DEFAULT false NOT NULL,
	"locked" boolean,
	"fault" varchar(8),
	"lease_count" integer DEFAULT 0 NOT NULL,
	"lease_minutes" integer DEFAULT 0 NOT NULL,
	"eject_failures" integer DEFAULT 0 NOT NULL,
	"last_cabinet_sn" varchar(17),
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_slot" (
	"sn" varchar(17) NOT NULL,
	"slot" smallint NOT NULL,
	"power_bank_id" varchar(17),
	"battery" smallint,
	"locked" boolean NOT NULL,
	"fault" varchar(8),
	"charging" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_slot_sn_slot_pk" PRIMARY KEY("sn","slot")
);
--> statement-breakpoint
ALTER TABLE "sys_account" ADD COLUMN "org_id" bigint;--> statement-breakpoint
ALTER TABLE "dev_command" ADD CONSTRAINT "dev_command_sn_dev_cabinet_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."dev_cabinet"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_slot" ADD CONSTRAINT "dev_slot_sn_dev_cabinet_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."dev_cabinet"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_org_parent_idx" ON "sys_org" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_org_sibling_name_uq" ON "sys_org" USING btree ("parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_problem_type_name_uq" ON "sys_problem_type" USING btree (lower("name")) WHERE "sys_problem_type"."status" = 'inUse';--> statement-breakpoint
CREATE INDEX "dev_cabinet_online_idx" ON "dev_cabinet" USING btree ("online","last_seen_at");--> statement-breakpoint
CREATE INDEX "dev_cabinet_stocked_idx" ON "dev_cabinet" USING btree ("stocked_in_at");--> statement-breakpoint
CREATE INDEX "dev_command_sn_idx" ON "dev_command" USING btree ("sn","created_at");--> statement-breakpoint
CREATE INDEX "dev_command_open_idx" ON "dev_command" USING btree ("expires_at") WHERE state in ('pending', 'sent', 'acknowledged');--> statement-breakpoint
CREATE INDEX "dev_command_batch_idx" ON "dev_command" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "dev_forced_eject_pb_idx" ON "dev_forced_eject" USING btree ("power_bank_id","state");--> statement-breakpoint
CREATE INDEX "dev_forced_eject_created_idx" ON "dev_forced_eject" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dev_log_created_idx" ON "dev_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dev_log_sn_idx" ON "dev_log" USING btree ("sn","created_at");--> statement-breakpoint
CREATE INDEX "dev_power_bank_sn_idx" ON "dev_power_bank" USING btree ("sn","slot");--> statement-breakpoint
ALTER TABLE "sys_account" ADD CONSTRAINT "sys_account_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_account_org_idx" ON "sys_account" USING btree ("org_id");