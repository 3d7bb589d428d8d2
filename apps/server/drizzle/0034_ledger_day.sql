CREATE TABLE "stat_ledger_day" (
	"day" timestamp with time zone NOT NULL,
	"account_kind" varchar(24) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"shard" smallint NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_ledger_day_day_account_kind_kind_shard_pk" PRIMARY KEY("day","account_kind","kind","shard")
);
