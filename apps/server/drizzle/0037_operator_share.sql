-- Postings wait until the next migration (operator_share_sql, same transaction) has replaced the
-- rollup function and added the operator entries already posted: none is rolled up by the old
-- function after the backfill has read the entries. Taken first, before the rollups' own locks
-- (a posting takes led_entry, then the rollups), so the two never wait crosswise.
LOCK TABLE "led_entry" IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "stat_ledger_outlet_day" ADD COLUMN "operator_share" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_ledger_outlet_hour" ADD COLUMN "operator_share" bigint DEFAULT 0 NOT NULL;