-- The ledger's statistics triggers: the current body of each trigger function, the one source of
-- them (docs/decisions/statistics.md, "One source for the trigger SQL"). The triggers on led_entry
-- (migrations 0019_stats_ledger_sql, 0029_ledger_outlet_sql) call these functions; a change here becomes
-- a migration with `npm run db:stats-sql`, and rollup-sql.test.ts fails while a migrated database runs
-- another body. What each figure means: the comments of the stat_ledger_* tables in tables.ts.
--
-- stat_ledger_rollup: debit and credit per (hour, account kind, movement kind, shard) into
-- stat_ledger_hour, then per day into stat_ledger_day (0035).
-- stat_ledger_outlet_rollup: the financial data's figures per (hour, outlet) and (day, outlet) into
-- stat_ledger_outlet_hour and stat_ledger_outlet_day, operator share included (0038).
CREATE OR REPLACE FUNCTION "stat_ledger_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_ledger_hour" AS s ("hour", "account_kind", "kind", "shard", "debit", "credit")
    SELECT date_trunc('hour', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, sum(e.debit), sum(e.credit)
    FROM new_rows e JOIN "led_transaction" t ON t.id = e.transaction_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "account_kind", "kind", "shard") DO UPDATE SET
      "debit" = s."debit" + excluded."debit", "credit" = s."credit" + excluded."credit";
    INSERT INTO "stat_ledger_day" AS s ("day", "account_kind", "kind", "shard", "debit", "credit")
    SELECT date_trunc('day', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, sum(e.debit), sum(e.credit)
    FROM new_rows e JOIN "led_transaction" t ON t.id = e.transaction_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("day", "account_kind", "kind", "shard") DO UPDATE SET
      "debit" = s."debit" + excluded."debit", "credit" = s."credit" + excluded."credit";
  ELSE
    INSERT INTO "stat_ledger_hour" AS s ("hour", "account_kind", "kind", "shard", "debit", "credit")
    SELECT date_trunc('hour', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, -sum(e.debit), -sum(e.credit)
    FROM old_rows e JOIN "led_transaction" t ON t.id = e.transaction_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "account_kind", "kind", "shard") DO UPDATE SET
      "debit" = s."debit" + excluded."debit", "credit" = s."credit" + excluded."credit";
    INSERT INTO "stat_ledger_day" AS s ("day", "account_kind", "kind", "shard", "debit", "credit")
    SELECT date_trunc('day', e.created_at, 'UTC'), e.account_kind, t.kind, (e.transaction_id % 16)::smallint, -sum(e.debit), -sum(e.credit)
    FROM old_rows e JOIN "led_transaction" t ON t.id = e.transaction_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("day", "account_kind", "kind", "shard") DO UPDATE SET
      "debit" = s."debit" + excluded."debit", "credit" = s."credit" + excluded."credit";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stat_ledger_outlet_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_ledger_outlet_hour" AS s ("hour", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "operator_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        sum(CASE WHEN r.account_kind = 'operatorPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS operator_share,
        sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM new_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR operator_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("hour", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "operator_share" = s."operator_share" + excluded."operator_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
    INSERT INTO "stat_ledger_outlet_day" AS s ("day", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "operator_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('day', h, 'UTC') AS d, outlet, sum(income) AS income, sum(refunds) AS refunds, sum(agent_share) AS agent_share, sum(outlet_share) AS outlet_share, sum(provider_share) AS provider_share, sum(operator_share) AS operator_share, sum(pusher_share) AS pusher_share, sum(platform) AS platform, sum(taxes) AS taxes, sum(fees) AS fees FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        sum(CASE WHEN r.account_kind = 'operatorPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS operator_share,
        sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM new_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) hs GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR operator_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "operator_share" = s."operator_share" + excluded."operator_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
  ELSE
    INSERT INTO "stat_ledger_outlet_hour" AS s ("hour", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "operator_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        -sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        -sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        -sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        -sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        -sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        -sum(CASE WHEN r.account_kind = 'operatorPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS operator_share,
        -sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        -sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        -sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        -sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM old_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR operator_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("hour", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "operator_share" = s."operator_share" + excluded."operator_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
    INSERT INTO "stat_ledger_outlet_day" AS s ("day", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "operator_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('day', h, 'UTC') AS d, outlet, sum(income) AS income, sum(refunds) AS refunds, sum(agent_share) AS agent_share, sum(outlet_share) AS outlet_share, sum(provider_share) AS provider_share, sum(operator_share) AS operator_share, sum(pusher_share) AS pusher_share, sum(platform) AS platform, sum(taxes) AS taxes, sum(fees) AS fees FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        -sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        -sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        -sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        -sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        -sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        -sum(CASE WHEN r.account_kind = 'operatorPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS operator_share,
        -sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        -sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        -sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        -sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM old_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) hs GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR operator_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "operator_share" = s."operator_share" + excluded."operator_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
  END IF;
  RETURN NULL;
END $$;
