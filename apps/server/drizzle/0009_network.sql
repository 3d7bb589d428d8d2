CREATE TABLE "net_agent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" varchar(18) NOT NULL,
	"level" varchar(1) NOT NULL,
	"parent_id" bigint,
	"ratio" smallint NOT NULL,
	"region_id" bigint,
	"min_withdrawal" bigint DEFAULT 0 NOT NULL,
	"withdrawal_fee_rate" smallint DEFAULT 0 NOT NULL,
	"id_card" varchar(20),
	"avatar" varchar(255),
	"remark" varchar(32),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "net_agent_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "net_agent_ratio_ck" CHECK ("net_agent"."ratio" between 0 and 100),
	CONSTRAINT "net_agent_level_ck" CHECK (("net_agent"."level" = 'A' and "net_agent"."parent_id" is null) or ("net_agent"."level" in ('B', 'C') and "net_agent"."parent_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "net_app_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"area_code" varchar(8) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"freeze_reason" varchar(32),
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "net_app_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"account_id" bigint NOT NULL,
	"client_type" varchar(16) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "net_app_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "net_cooperation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" varchar(24) NOT NULL,
	"type" varchar(8) NOT NULL,
	"contact" varchar(18) NOT NULL,
	"area_code" varchar(8) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'unprocessed' NOT NULL,
	"submitted_by" bigint,
	"handler_id" bigint,
	"handler_name" varchar(18),
	"note" varchar(64),
	"handled_at" timestamp with time zone,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "net_cooperation_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "net_member" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_code" varchar(8) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"nickname" varchar(18) NOT NULL,
	"terminal" varchar(16) NOT NULL,
	"level" varchar(1) DEFAULT 'C' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"freeze_reason" varchar(32),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "net_provider" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" varchar(18) NOT NULL,
	"contact" varchar(18) NOT NULL,
	"ratio" smallint NOT NULL,
	"remark" varchar(32),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "net_provider_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "net_provider_ratio_ck" CHECK ("net_provider"."ratio" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "net_pusher" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" varchar(18) NOT NULL,
	"agent_id" bigint NOT NULL,
	"permission" varchar(16) NOT NULL,
	"id_card_front" varchar(255),
	"id_card_back" varchar(255),
	"avatar" varchar(255),
	"note" varchar(18),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "net_pusher_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "net_region" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"manager_id" bigint,
	"remark" varchar(32),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "net_team" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"region_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "net_team_member" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "out_outlet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(18) NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(12) DEFAULT 'inService' NOT NULL,
	"suspend_reason" varchar(32) DEFAULT '' NOT NULL,
	"address" varchar(100) NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"region_id" bigint,
	"agent_id" bigint,
	"team_id" bigint,
	"ratio" smallint NOT NULL,
	"hidden_ratio" smallint NOT NULL,
	"cost_amount" integer DEFAULT 0 NOT NULL,
	"amortization_ratio" smallint DEFAULT 0 NOT NULL,
	"service_provider_id" bigint,
	"service_provider_ratio" smallint DEFAULT 0 NOT NULL,
	"pusher_id" bigint,
	"area_code" varchar(8) DEFAULT '' NOT NULL,
	"service_phone" varchar(20) DEFAULT '' NOT NULL,
	"service_hours" varchar(11) DEFAULT '' NOT NULL,
	"picture" varchar(255) DEFAULT '' NOT NULL,
	"manager_name" varchar(20) DEFAULT '' NOT NULL,
	"manager_phone" varchar(20) DEFAULT '' NOT NULL,
	"remark" varchar(32) DEFAULT '' NOT NULL,
	"free_minutes" integer NOT NULL,
	"price_per_period" integer NOT NULL,
	"period_minutes" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"total_cap" integer NOT NULL,
	"deposit" integer NOT NULL,
	"page_url" varchar(320) DEFAULT '' NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "out_outlet_owner_ck" CHECK (("out_outlet"."agent_id" IS NULL) <> ("out_outlet"."team_id" IS NULL)),
	CONSTRAINT "out_outlet_billing_ck" CHECK ("out_outlet"."price_per_period" <= "out_outlet"."daily_cap" AND "out_outlet"."daily_cap" <= "out_outlet"."total_cap" AND "out_outlet"."daily_cap" <= "out_outlet"."deposit"),
	CONSTRAINT "out_outlet_ratio_ck" CHECK ("out_outlet"."ratio" BETWEEN 0 AND 100 AND "out_outlet"."hidden_ratio" BETWEEN "out_outlet"."ratio" AND 100)
);
--> statement-breakpoint
ALTER TABLE "net_agent" ADD CONSTRAINT "net_agent_account_id_net_app_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."net_app_account"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_agent" ADD CONSTRAINT "net_agent_parent_id_net_agent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."net_agent"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_agent" ADD CONSTRAINT "net_agent_region_id_net_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."net_region"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_app_session" ADD CONSTRAINT "net_app_session_account_id_net_app_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."net_app_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_cooperation" ADD CONSTRAINT "net_cooperation_submitted_by_net_app_account_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."net_app_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_provider" ADD CONSTRAINT "net_provider_account_id_net_app_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."net_app_account"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_pusher" ADD CONSTRAINT "net_pusher_account_id_net_app_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."net_app_account"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_pusher" ADD CONSTRAINT "net_pusher_agent_id_net_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."net_agent"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_team" ADD CONSTRAINT "net_team_region_id_net_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."net_region"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_team_member" ADD CONSTRAINT "net_team_member_team_id_net_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."net_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "net_agent_parent_idx" ON "net_agent" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "net_agent_region_idx" ON "net_agent" USING btree ("region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "net_app_account_mobile_uq" ON "net_app_account" USING btree ("area_code","mobile");--> statement-breakpoint
CREATE INDEX "net_app_account_mobile_idx" ON "net_app_account" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "net_app_session_account_idx" ON "net_app_session" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "net_cooperation_created_idx" ON "net_cooperation" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "net_member_mobile_uq" ON "net_member" USING btree ("area_code","mobile");--> statement-breakpoint
CREATE INDEX "net_member_created_idx" ON "net_member" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "net_pusher_agent_idx" ON "net_pusher" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "net_region_name_uq" ON "net_region" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "net_team_name_uq" ON "net_team" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "net_team_region_idx" ON "net_team" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "net_team_member_team_idx" ON "net_team_member" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "out_outlet_code_uq" ON "out_outlet" USING btree ("code");--> statement-breakpoint
CREATE INDEX "out_outlet_agent_idx" ON "out_outlet" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "out_outlet_team_idx" ON "out_outlet" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "out_outlet_region_idx" ON "out_outlet" USING btree ("region_id","status");--> statement-breakpoint
CREATE INDEX "out_outlet_created_idx" ON "out_outlet" USING btree ("created_at");