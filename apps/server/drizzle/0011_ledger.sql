CREATE TABLE "led_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account" varchar(48) NOT NULL,
	"account_kind" varchar(24) NOT NULL,
	"party_id" bigint,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"order_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "led_entry_one_side" CHECK ("led_entry"."debit" >= 0 and "led_entry"."credit" >= 0 and ("led_entry"."debit" = 0) <> ("led_entry"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "led_transaction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(128) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"order_no" varchar(32),
	"memo" varchar(128) DEFAULT '' NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "led_entry" ADD CONSTRAINT "led_entry_transaction_id_led_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."led_transaction"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "led_entry_account_idx" ON "led_entry" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "led_entry_kind_idx" ON "led_entry" USING btree ("account_kind","created_at");--> statement-breakpoint
CREATE INDEX "led_entry_tx_idx" ON "led_entry" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "led_entry_order_idx" ON "led_entry" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "led_entry_created_idx" ON "led_entry" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "led_transaction_key_uq" ON "led_transaction" USING btree ("key");--> statement-breakpoint
CREATE INDEX "led_transaction_order_idx" ON "led_transaction" USING btree ("order_no");