CREATE TABLE "acc_bluetooth" (
	"id" varchar(17) PRIMARY KEY NOT NULL,
	"model_id" bigint,
	"outlet_id" bigint,
	"packages" jsonb NOT NULL,
	"hourly_price" bigint NOT NULL,
	"daily_cap" bigint NOT NULL,
	"prepayment" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_cable" (
	"id" varchar(17) PRIMARY KEY NOT NULL,
	"model_id" bigint,
	"outlet_id" bigint,
	"packages" jsonb NOT NULL,
	"secret" varchar(64) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_cable_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cable_id" varchar(17) NOT NULL,
	"position" integer NOT NULL,
	"hours" integer NOT NULL,
	"code" varchar(8) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"issued_by" bigint,
	"issued_by_name" varchar(32),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_repair_ticket" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" varchar(20) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"device_id" varchar(17) NOT NULL,
	"problem_type_id" bigint NOT NULL,
	"problem_type_name" varchar(16) NOT NULL,
	"contact" varchar(18) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"description" varchar(200) NOT NULL,
	"pictures" text DEFAULT '[]' NOT NULL,
	"status" varchar(12) DEFAULT 'untreated' NOT NULL,
	"out_of_business" boolean DEFAULT false NOT NULL,
	"out_of_business_applied" boolean DEFAULT false NOT NULL,
	"handler_id" bigint,
	"handler_name" varchar(32),
	"result" varchar(200) DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "acc_cable_code_pos_uq" ON "acc_cable_code" USING btree ("cable_id","position");--> statement-breakpoint
CREATE INDEX "acc_cable_code_time_idx" ON "acc_cable_code" USING btree ("cable_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "acc_repair_no_uq" ON "acc_repair_ticket" USING btree ("no");--> statement-breakpoint
CREATE INDEX "acc_repair_created_idx" ON "acc_repair_ticket" USING btree ("created_at");