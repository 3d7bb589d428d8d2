-- The order rollup's lock order (issue 16). stat_order_rollup (0021) wrote the per-outlet row in a
-- data-modifying CTE and the totals shard in the main statement; PostgreSQL runs a CTE that the main
-- statement does not read after the main statement, so each statement locked the totals shard (order
-- id % 16) before the outlet's row. Two transactions that each wrote two orders of one hour and
-- outlet with different shards, crosswise, deadlocked (one took shard a then the outlet row and waited
-- for shard b; the other held shard b and waited for the outlet row). Now each statement upserts the
-- per-outlet rows first, then the totals shards, each in key order, in two statements: the same
-- order as the ledger's per-outlet rollup (hour rows, then day rows) and before the operational
-- rollup's rows (stat_order_zops_* triggers fire after stat_order_*), so two statements sharing an hour
-- and outlet queue on its row before holding anything else of it. Same figures as before; the
-- triggers stay as they are (they name the function).
CREATE OR REPLACE FUNCTION "stat_order_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, outlet, sim, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, 1 n, a.paid_amount paid, a.refund_amount refund, (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "shard", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, shard, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, 1 n, a.paid_amount paid, a.refund_amount refund, (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, outlet, sim, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, -1 n, -a.paid_amount paid, -a.refund_amount refund, -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "shard", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, shard, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, -1 n, -a.paid_amount paid, -a.refund_amount refund, -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSE
    INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, outlet, sim, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, 1 n, a.paid_amount paid, a.refund_amount refund, (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a
        UNION ALL SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, -1 n, -a.paid_amount paid, -a.refund_amount refund, -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "shard", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, shard, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, 1 n, a.paid_amount paid, a.refund_amount refund, (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a
        UNION ALL SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, -1 n, -a.paid_amount paid, -a.refund_amount refund, -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  END IF;
  RETURN NULL;
END $$;
