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
CREATE UNIQUE INDEX "sys_problem_type_name_uq" ON "sys_problem_type" USING btree (lower("name")) WHERE "sys_problem_type"."status" = 'inUse';