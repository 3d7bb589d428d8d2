CREATE TABLE "sys_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(18) NOT NULL,
	"nick_name" varchar(18) NOT NULL,
	"area_code" varchar(8),
	"mobile" varchar(20),
	"email" varchar(32),
	"password_hash" text NOT NULL,
	"avatar" varchar(255),
	"id_card" varchar(20),
	"address" varchar(64),
	"note" varchar(18),
	"status" smallint DEFAULT 0 NOT NULL,
	"login_count" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_account_role" (
	"account_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "sys_account_role_account_id_role_id_pk" PRIMARY KEY("account_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_api" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(200) NOT NULL,
	"name" varchar(200) NOT NULL,
	"module" varchar(32) NOT NULL,
	"access" varchar(100) NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint,
	"user_name" varchar(64) NOT NULL,
	"account_type" varchar(24) NOT NULL,
	"terminal" varchar(16) NOT NULL,
	"result" varchar(8) NOT NULL,
	"fail_reason" varchar(64),
	"ip" varchar(64),
	"user_agent" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"path" varchar(200) DEFAULT '' NOT NULL,
	"url" varchar(200),
	"icon" varchar(255),
	"type" smallint NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"perms" varchar(100),
	"button_type" varchar(32),
	"breadcrumb" varchar(200),
	"description" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_menu_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_menu_api" (
	"menu_id" bigint NOT NULL,
	"api_id" bigint NOT NULL,
	CONSTRAINT "sys_menu_api_menu_id_api_id_pk" PRIMARY KEY("menu_id","api_id")
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"remark" varchar(64),
	"weight" bigint DEFAULT 1 NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_role_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"account_id" bigint NOT NULL,
	"client_type" varchar(16) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_code" integer,
	CONSTRAINT "sys_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_verify_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"target" varchar(32) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_export_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" varchar(48) NOT NULL,
	"params" jsonb NOT NULL,
	"lang" varchar(8) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer,
	"file_path" varchar(255),
	"error" varchar(255),
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" varchar(64),
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint,
	"user_name" varchar(64),
	"account_type" varchar(24) NOT NULL,
	"terminal" varchar(16),
	"method" varchar(8) NOT NULL,
	"path" varchar(200) NOT NULL,
	"behaviour" varchar(200) NOT NULL,
	"target" varchar(200),
	"result_code" integer NOT NULL,
	"ip" varchar(64),
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_param" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"param_type" varchar(32) NOT NULL,
	"param_key" varchar(64) NOT NULL,
	"param_value" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"remark" varchar(200),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_account_role" ADD CONSTRAINT "sys_account_role_account_id_sys_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sys_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_account_role" ADD CONSTRAINT "sys_account_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_menu_api" ADD CONSTRAINT "sys_menu_api_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_menu_api" ADD CONSTRAINT "sys_menu_api_api_id_sys_api_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."sys_api"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_account_id_sys_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sys_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_account_user_name_uq" ON "sys_account" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sys_account_mobile_uq" ON "sys_account" USING btree ("area_code","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_api_route_uq" ON "sys_api" USING btree ("method","path");--> statement-breakpoint
CREATE INDEX "sys_login_log_created_idx" ON "sys_login_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sys_login_log_user_idx" ON "sys_login_log" USING btree ("user_name","created_at");--> statement-breakpoint
CREATE INDEX "sys_login_log_ip_idx" ON "sys_login_log" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_session_account_idx" ON "sys_session" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sys_verify_code_target_idx" ON "sys_verify_code" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "sys_export_log_account_idx" ON "sys_export_log" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "sys_export_log_status_idx" ON "sys_export_log" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sys_operation_log_created_idx" ON "sys_operation_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_param_key_uq" ON "sys_param" USING btree ("param_type","param_key");