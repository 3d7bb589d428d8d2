-- The operator's share in the financial data (issue 15/16): the per-outlet rollups gain
-- operator_share (migration operator_share), and the rollup function counts `operatorPayable` as it
-- counts `providerPayable`: credit - debit of its `share` and `refund` movements in operator_share,
-- debit - credit of its `refund` movements in refunds. Every other figure is computed as before
-- (the function is 0029's ledger_outlet_sql with these two additions).
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
--> statement-breakpoint
-- The operator entries posted before this migration (orders at a team's outlets since team_ratio):
-- the old function counted them in no figure, so only they are added, set-wise, to the rows of
-- their hour and day; every other figure of every row stays as it was. led_entry is locked since
-- operator_share (the previous migration, same transaction), so no posting is between the old
-- function and this backfill.
INSERT INTO "stat_ledger_outlet_hour" AS s ("hour", "outlet_id", "refunds", "operator_share")
SELECT * FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
    sum(CASE WHEN t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
    sum(CASE WHEN t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS operator_share
  FROM "led_entry" r JOIN "led_transaction" t ON t.id = r.transaction_id
  WHERE r.account_kind = 'operatorPayable'
  GROUP BY 1, 2) f WHERE refunds <> 0 OR operator_share <> 0 ORDER BY 1, 2
ON CONFLICT ("hour", "outlet_id") DO UPDATE SET "refunds" = s."refunds" + excluded."refunds", "operator_share" = s."operator_share" + excluded."operator_share";--> statement-breakpoint
INSERT INTO "stat_ledger_outlet_day" AS s ("day", "outlet_id", "refunds", "operator_share")
SELECT * FROM (SELECT date_trunc('day', r.created_at, 'UTC') AS d, coalesce(t.outlet_id, 0) AS outlet,
    sum(CASE WHEN t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
    sum(CASE WHEN t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS operator_share
  FROM "led_entry" r JOIN "led_transaction" t ON t.id = r.transaction_id
  WHERE r.account_kind = 'operatorPayable'
  GROUP BY 1, 2) f WHERE refunds <> 0 OR operator_share <> 0 ORDER BY 1, 2
ON CONFLICT ("day", "outlet_id") DO UPDATE SET "refunds" = s."refunds" + excluded."refunds", "operator_share" = s."operator_share" + excluded."operator_share";