-- Financial data per outlet, agent and region (issue 16): the figures of the entries posted per
-- UTC hour and per UTC day for each outlet's orders (outlet 0: movements of no outlet), kept by
-- statement triggers of led_entry in the transaction that posts or removes them (a rolled-back or
-- killed posting leaves no trace). Figures, from an entry's account kind and its movement's kind,
-- as StatsService's addLine sums them: income = credits to order income; taxes, fees = credit -
-- debit; a share (and the platform's revenue) = credit - debit of `share` and `refund` movements;
-- refunds = debit - credit of `refund` movements on the share accounts and revenue. Hour rows are
-- upserted first, then day rows, each in key order, so two statements never wait crosswise.
CREATE FUNCTION "stat_ledger_outlet_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_ledger_outlet_hour" AS s ("hour", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM new_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("hour", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
    INSERT INTO "stat_ledger_outlet_day" AS s ("day", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('day', h, 'UTC') AS d, outlet, sum(income) AS income, sum(refunds) AS refunds, sum(agent_share) AS agent_share, sum(outlet_share) AS outlet_share, sum(provider_share) AS provider_share, sum(pusher_share) AS pusher_share, sum(platform) AS platform, sum(taxes) AS taxes, sum(fees) AS fees FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM new_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) hs GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
  ELSE
    INSERT INTO "stat_ledger_outlet_hour" AS s ("hour", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        -sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        -sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        -sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        -sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        -sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        -sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        -sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        -sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        -sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM old_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("hour", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
    INSERT INTO "stat_ledger_outlet_day" AS s ("day", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('day', h, 'UTC') AS d, outlet, sum(income) AS income, sum(refunds) AS refunds, sum(agent_share) AS agent_share, sum(outlet_share) AS outlet_share, sum(provider_share) AS provider_share, sum(pusher_share) AS pusher_share, sum(platform) AS platform, sum(taxes) AS taxes, sum(fees) AS fees FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        -sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        -sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        -sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        -sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        -sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        -sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        -sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        -sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        -sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM old_rows r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) hs GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_ledger_outlet_ins" AFTER INSERT ON "led_entry" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_ledger_outlet_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_ledger_outlet_del" AFTER DELETE ON "led_entry" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_ledger_outlet_rollup"();--> statement-breakpoint
-- The movements already posted: their outlet, from the rental order they name (live or archived;
-- a one-time read of the order module's tables: from now on the ledger asks the order module
-- through its service when it posts), then their figures rolled up once.
UPDATE "led_transaction" t SET "outlet_id" = o.outlet_id
FROM (SELECT order_no, outlet_id FROM "ord_order" UNION ALL SELECT order_no, outlet_id FROM "ord_order_archive") o
WHERE t.order_no IS NOT NULL AND o.order_no = t.order_no AND o.outlet_id IS NOT NULL;--> statement-breakpoint
INSERT INTO "stat_ledger_outlet_hour" AS s ("hour", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM "led_entry" r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("hour", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";--> statement-breakpoint
INSERT INTO "stat_ledger_outlet_day" AS s ("day", "outlet_id", "income", "refunds", "agent_share", "outlet_share", "provider_share", "pusher_share", "platform", "taxes", "fees")
    SELECT * FROM (SELECT date_trunc('day', h, 'UTC') AS d, outlet, sum(income) AS income, sum(refunds) AS refunds, sum(agent_share) AS agent_share, sum(outlet_share) AS outlet_share, sum(provider_share) AS provider_share, sum(pusher_share) AS pusher_share, sum(platform) AS platform, sum(taxes) AS taxes, sum(fees) AS fees FROM (SELECT date_trunc('hour', r.created_at, 'UTC') AS h, coalesce(t.outlet_id, 0) AS outlet,
        sum(CASE WHEN r.account_kind = 'orderIncome' THEN r.credit ELSE 0 END) AS income,
        sum(CASE WHEN r.account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue') AND t.kind = 'refund' THEN r.debit - r.credit ELSE 0 END) AS refunds,
        sum(CASE WHEN r.account_kind = 'agentPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS agent_share,
        sum(CASE WHEN r.account_kind = 'outletPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS outlet_share,
        sum(CASE WHEN r.account_kind = 'providerPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS provider_share,
        sum(CASE WHEN r.account_kind = 'pusherPayable' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS pusher_share,
        sum(CASE WHEN r.account_kind = 'revenue' AND t.kind IN ('share', 'refund') THEN r.credit - r.debit ELSE 0 END) AS platform,
        sum(CASE WHEN r.account_kind = 'taxes' THEN r.credit - r.debit ELSE 0 END) AS taxes,
        sum(CASE WHEN r.account_kind = 'fees' THEN r.credit - r.debit ELSE 0 END) AS fees
      FROM "led_entry" r JOIN "led_transaction" t ON t.id = r.transaction_id
      WHERE r.account_kind IN ('orderIncome', 'agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'revenue', 'taxes', 'fees')
      GROUP BY 1, 2) hs GROUP BY 1, 2) f WHERE income <> 0 OR refunds <> 0 OR agent_share <> 0 OR outlet_share <> 0 OR provider_share <> 0 OR pusher_share <> 0 OR platform <> 0 OR taxes <> 0 OR fees <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "outlet_id") DO UPDATE SET "income" = s."income" + excluded."income", "refunds" = s."refunds" + excluded."refunds", "agent_share" = s."agent_share" + excluded."agent_share", "outlet_share" = s."outlet_share" + excluded."outlet_share", "provider_share" = s."provider_share" + excluded."provider_share", "pusher_share" = s."pusher_share" + excluded."pusher_share", "platform" = s."platform" + excluded."platform", "taxes" = s."taxes" + excluded."taxes", "fees" = s."fees" + excluded."fees";
