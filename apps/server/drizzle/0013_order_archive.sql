CREATE TABLE "ord_event_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"event" varchar(16) NOT NULL,
	"amount" integer,
	"actor" varchar(64),
	"note" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ord_order_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
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
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ord_refund" DROP CONSTRAINT "ord_refund_order_id_ord_order_id_fk";
--> statement-breakpoint
CREATE INDEX "ord_event_archive_order_idx" ON "ord_event_archive" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ord_order_archive_no_uq" ON "ord_order_archive" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "ord_order_archive_created_idx" ON "ord_order_archive" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ord_order_archive_user_idx" ON "ord_order_archive" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ord_order_archive_outlet_idx" ON "ord_order_archive" USING btree ("outlet_id","created_at");