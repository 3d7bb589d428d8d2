CREATE TABLE "pay_party" (
	"party_kind" varchar(16) NOT NULL,
	"party_id" bigint NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"last_applied_at" timestamp with time zone,
	CONSTRAINT "pay_party_party_kind_party_id_pk" PRIMARY KEY("party_kind","party_id")
);
--> statement-breakpoint
CREATE TABLE "pay_withdrawal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_no" varchar(32) NOT NULL,
	"party_kind" varchar(16) NOT NULL,
	"party_id" bigint NOT NULL,
	"party_name" varchar(64) NOT NULL,
	"setting_kind" varchar(16) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"method" varchar(12) NOT NULL,
	"payee_account" varchar(64) NOT NULL,
	"payee_name" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"failure_reason" varchar(32),
	"reject_reason" varchar(64),
	"reviewer" varchar(64),
	"reviewed_at" timestamp with time zone,
	"payout_key" varchar(64),
	"provider_reference" varchar(64),
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paying_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pay_withdrawal_money_ck" CHECK ("pay_withdrawal"."amount" > 0 and "pay_withdrawal"."fee" >= 0 and "pay_withdrawal"."fee" <= "pay_withdrawal"."amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_withdrawal_no_uq" ON "pay_withdrawal" USING btree ("application_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_withdrawal_key_uq" ON "pay_withdrawal" USING btree ("party_kind","party_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_withdrawal_payout_key_uq" ON "pay_withdrawal" USING btree ("payout_key");--> statement-breakpoint
CREATE INDEX "pay_withdrawal_created_idx" ON "pay_withdrawal" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pay_withdrawal_status_idx" ON "pay_withdrawal" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pay_withdrawal_party_idx" ON "pay_withdrawal" USING btree ("party_kind","party_id","created_at");