CREATE TABLE "stat_ledger_outlet_day" (
	"day" timestamp with time zone NOT NULL,
	"outlet_id" bigint NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"agent_share" bigint DEFAULT 0 NOT NULL,
	"outlet_share" bigint DEFAULT 0 NOT NULL,
	"provider_share" bigint DEFAULT 0 NOT NULL,
	"pusher_share" bigint DEFAULT 0 NOT NULL,
	"platform" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_ledger_outlet_day_day_outlet_id_pk" PRIMARY KEY("day","outlet_id")
);
--> statement-breakpoint
CREATE TABLE "stat_ledger_outlet_hour" (
	"hour" timestamp with time zone NOT NULL,
	"outlet_id" bigint NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"agent_share" bigint DEFAULT 0 NOT NULL,
	"outlet_share" bigint DEFAULT 0 NOT NULL,
	"provider_share" bigint DEFAULT 0 NOT NULL,
	"pusher_share" bigint DEFAULT 0 NOT NULL,
	"platform" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_ledger_outlet_hour_hour_outlet_id_pk" PRIMARY KEY("hour","outlet_id")
);
--> statement-breakpoint
ALTER TABLE "led_transaction" ADD COLUMN "outlet_id" bigint;--> statement-breakpoint
CREATE INDEX "stat_ledger_outlet_day_outlet_idx" ON "stat_ledger_outlet_day" USING btree ("outlet_id","day");--> statement-breakpoint
CREATE INDEX "stat_ledger_outlet_hour_outlet_idx" ON "stat_ledger_outlet_hour" USING btree ("outlet_id","hour");