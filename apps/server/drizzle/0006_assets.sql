CREATE TABLE "ast_device" (
	"device_id" varchar(17) PRIMARY KEY NOT NULL,
	"device_type" varchar(20) NOT NULL,
	"model_id" bigint,
	"state" varchar(12) NOT NULL,
	"warehouse_id" bigint,
	"outlet_id" bigint,
	"agent_id" bigint,
	"pending_application_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ast_dispatch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_no" varchar(32) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"remark" varchar(64) DEFAULT '' NOT NULL,
	"sponsor_id" bigint,
	"sponsor_name" varchar(64) DEFAULT '' NOT NULL,
	"from_warehouse_id" bigint NOT NULL,
	"to_warehouse_id" bigint NOT NULL,
	"device_count" smallint NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"auditor_id" bigint,
	"auditor_name" varchar(64),
	"audit_reason" varchar(64) DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ast_dispatch_device" (
	"dispatch_id" bigint NOT NULL,
	"device_id" varchar(17) NOT NULL,
	"moved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ast_model" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_name" varchar(16) NOT NULL,
	"model" varchar(16) NOT NULL,
	"device_type" varchar(20) NOT NULL,
	"slot_count" smallint,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"remark" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ast_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"device_id" varchar(17) NOT NULL,
	"device_type" varchar(20) NOT NULL,
	"reason" varchar(64) NOT NULL,
	"from_warehouse_id" bigint,
	"to_warehouse_id" bigint,
	"outlet_id" bigint,
	"application_id" bigint,
	"operator_id" bigint,
	"operator_name" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ast_supplier" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"short_name" varchar(16) NOT NULL,
	"factory_code" varchar(4) NOT NULL,
	"company_name" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"person_in_charge" varchar(32) DEFAULT '' NOT NULL,
	"area" varchar(32) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ast_warehouse" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"type" varchar(12) NOT NULL,
	"area" varchar(32) DEFAULT '' NOT NULL,
	"manager" varchar(32) DEFAULT '' NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ast_device" ADD CONSTRAINT "ast_device_model_id_ast_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ast_model"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ast_device" ADD CONSTRAINT "ast_device_warehouse_id_ast_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."ast_warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ast_dispatch" ADD CONSTRAINT "ast_dispatch_from_warehouse_id_ast_warehouse_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."ast_warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ast_dispatch" ADD CONSTRAINT "ast_dispatch_to_warehouse_id_ast_warehouse_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."ast_warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ast_dispatch_device" ADD CONSTRAINT "ast_dispatch_device_dispatch_id_ast_dispatch_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."ast_dispatch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ast_device_warehouse_idx" ON "ast_device" USING btree ("warehouse_id","state");--> statement-breakpoint
CREATE INDEX "ast_device_model_idx" ON "ast_device" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "ast_device_type_idx" ON "ast_device" USING btree ("device_type","state");--> statement-breakpoint
CREATE INDEX "ast_device_pending_idx" ON "ast_device" USING btree ("pending_application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ast_dispatch_no_uq" ON "ast_dispatch" USING btree ("application_no");--> statement-breakpoint
CREATE INDEX "ast_dispatch_status_idx" ON "ast_dispatch" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ast_dispatch_device_pk" ON "ast_dispatch_device" USING btree ("dispatch_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ast_model_code_uq" ON "ast_model" USING btree ("device_type",lower("model")) WHERE "ast_model"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "ast_movement_device_idx" ON "ast_movement" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "ast_movement_kind_idx" ON "ast_movement" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ast_supplier_code_uq" ON "ast_supplier" USING btree ("factory_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ast_warehouse_name_uq" ON "ast_warehouse" USING btree (lower("name"));