-- Statistics (issue 16): the ledger's entries summed per UTC hour, account kind, movement kind and
-- shard (transaction id modulo 16), by statement triggers of led_entry, in the transaction that
-- posts or removes them, so no movement is ever missed and a rolled-back posting leaves no trace.
-- Rows are upserted in key order, so two statements never wait on each other crosswise; the shard
-- spreads one hour's concurrent postings over 16 rows per account kind instead of one hot row.
CREATE FUNCTION "stat_ledger_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_ledger_hour" AS s ("hour", "account_kind", "kind", "shard", "debit", "credit")
    SELECT date_trunc('hour', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, sum(e.debit), sum(e.credit)
    FROM new_rows e JOIN "led_transaction" t ON t.id = e.transaction_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "account_kind", "kind", "shard") DO UPDATE SET
      "debit" = s."debit" + excluded."debit", "credit" = s."credit" + excluded."credit";
  ELSE
    INSERT INTO "stat_ledger_hour" AS s ("hour", "account_kind", "kind", "shard", "debit", "credit")
    SELECT date_trunc('hour', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, -sum(e.debit), -sum(e.credit)
    FROM old_rows e JOIN "led_transaction" t ON t.id = e.transaction_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "account_kind", "kind", "shard") DO UPDATE SET
      "debit" = s."debit" + excluded."debit", "credit" = s."credit" + excluded."credit";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_ledger_ins" AFTER INSERT ON "led_entry" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_ledger_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_ledger_del" AFTER DELETE ON "led_entry" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_ledger_rollup"();--> statement-breakpoint
-- The entries already posted, rolled up once.
INSERT INTO "stat_ledger_hour" ("hour", "account_kind", "kind", "shard", "debit", "credit")
SELECT date_trunc('hour', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, sum(e.debit), sum(e.credit)
FROM "led_entry" e JOIN "led_transaction" t ON t.id = e.transaction_id
GROUP BY 1, 2, 3, 4;
