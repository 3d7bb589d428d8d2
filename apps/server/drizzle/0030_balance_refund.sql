CREATE TABLE "ord_refund_part" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"seq" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"charge_key" varchar(96) NOT NULL,
	"charge_reference" varchar(64),
	"amount" integer NOT NULL,
	"status" varchar(12) DEFAULT 'held' NOT NULL,
	"key" varchar(96) NOT NULL,
	"reference" varchar(64),
	"failure" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ord_refund_part_key_unique" UNIQUE("key"),
	CONSTRAINT "ord_refund_part_amount_ck" CHECK ("ord_refund_part"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "ord_refund_part_refund_idx" ON "ord_refund_part" USING btree ("refund_no","seq");--> statement-breakpoint
CREATE INDEX "ord_refund_part_charge_idx" ON "ord_refund_part" USING btree ("charge_key");--> statement-breakpoint
CREATE INDEX "ord_payment_user_idx" ON "ord_payment" USING btree ("user_id","purpose");