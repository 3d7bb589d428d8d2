CREATE TABLE "net_member_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"member_id" bigint NOT NULL,
	"client_type" varchar(16) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "net_member_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ord_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"event" varchar(16) NOT NULL,
	"amount" integer,
	"actor" varchar(64),
	"note" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ord_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_mobile" varchar(32) NOT NULL,
	"device_type" varchar(12) DEFAULT 'powerBank' NOT NULL,
	"status" varchar(20) NOT NULL,
	"payment_kind" varchar(8),
	"pay_mode" varchar(12) NOT NULL,
	"sn" varchar(32) NOT NULL,
	"slot" smallint,
	"power_bank_id" varchar(32),
	"command_id" varchar(40),
	"outlet_id" bigint,
	"outlet_name" varchar(32),
	"return_sn" varchar(32),
	"return_outlet_id" bigint,
	"return_outlet_name" varchar(32),
	"billing" jsonb NOT NULL,
	"chain" jsonb NOT NULL,
	"deposit_amount" integer DEFAULT 0 NOT NULL,
	"original_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"billed_minutes" integer DEFAULT 0 NOT NULL,
	"suspended_minutes" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"pay_reference" varchar(64),
	"rent_key" varchar(64),
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ord_order_refund_ck" CHECK ("ord_order"."refund_amount" >= 0 and "ord_order"."refund_amount" <= "ord_order"."paid_amount")
);
--> statement-breakpoint
CREATE TABLE "ord_payment" (
	"key" varchar(96) PRIMARY KEY NOT NULL,
	"op" varchar(8) NOT NULL,
	"purpose" varchar(12) NOT NULL,
	"order_no" varchar(32),
	"refund_no" varchar(32),
	"user_id" bigint,
	"amount" integer NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"reference" varchar(64),
	"failure" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ord_refund" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"type" varchar(12) DEFAULT 'order' NOT NULL,
	"user_id" bigint NOT NULL,
	"user_mobile" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"reason" varchar(64) NOT NULL,
	"provider_reference" varchar(64),
	"fail_reason" varchar(64),
	"creator" varchar(64),
	"reversal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ord_refund_refund_no_unique" UNIQUE("refund_no")
);
--> statement-breakpoint
ALTER TABLE "net_member_session" ADD CONSTRAINT "net_member_session_member_id_net_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."net_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_event" ADD CONSTRAINT "ord_event_order_id_ord_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ord_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD CONSTRAINT "ord_refund_order_id_ord_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ord_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "net_member_session_member_idx" ON "net_member_session" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ord_event_order_idx" ON "ord_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ord_order_no_uq" ON "ord_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "ord_order_rent_key_uq" ON "ord_order" USING btree ("user_id","rent_key");--> statement-breakpoint
CREATE INDEX "ord_order_created_idx" ON "ord_order" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ord_order_user_idx" ON "ord_order" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ord_order_status_idx" ON "ord_order" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ord_order_outlet_idx" ON "ord_order" USING btree ("outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "ord_order_command_idx" ON "ord_order" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "ord_order_open_bank_idx" ON "ord_order" USING btree ("power_bank_id") WHERE status in ('ejecting', 'using');--> statement-breakpoint
CREATE INDEX "ord_payment_pending_idx" ON "ord_payment" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "ord_refund_order_idx" ON "ord_refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ord_refund_created_idx" ON "ord_refund" USING btree ("created_at");