-- The order module's statistics triggers: the current body of each trigger function, the one source
-- of them (docs/decisions/statistics.md, "One source for the trigger SQL"). The triggers on ord_order and
-- ord_order_archive (migrations 0017_stats, 0027_operations_rollup_sql) call these functions; a change
-- here becomes a migration with `npm run db:stats-sql`, and rollup-sql.test.ts fails while a migrated
-- database runs another body. What each figure means: the comments of stat_order_hour and
-- stat_order_cabinet_hour in tables.ts.
--
-- stat_order_rollup: per (hour of creation, rent outlet, simulated) into stat_order_hour, then per
-- (hour, simulated, shard = order id % 16) into stat_order_hour_total, each in key order (0033).
-- stat_order_ops_rollup: per (hour, rent outlet, cabinet, simulated) into stat_order_cabinet_hour and per
-- hour of return into stat_order_return_hour; ended rentals are power-bank rentals only (0046).
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stat_order_ops_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.sn, a.simulated sim, 1 n, 1 * (a.status = 'finished')::int fin, 1 * (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL)::int ended, 1 * (CASE WHEN (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) THEN greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) ELSE 0 END)::bigint mins, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 0 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 30)::int d0, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 30 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 60)::int d1, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 60 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 120)::int d2, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 120 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 360)::int d3, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 360 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 1440)::int d4, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 1440)::int d5 FROM new_rows a
    ), r AS (
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, 1 n FROM new_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
    ), c AS (
      INSERT INTO "stat_order_cabinet_hour" AS s ("hour", "outlet_id", "sn", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT h, outlet, sn, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT h, outlet, sn, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fin) <> 0 OR sum(ended) <> 0 OR sum(mins) <> 0 OR sum(d0) <> 0 OR sum(d1) <> 0 OR sum(d2) <> 0 OR sum(d3) <> 0 OR sum(d4) <> 0 OR sum(d5) <> 0) g ORDER BY 1, 2, 3, 4
      ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    )
    INSERT INTO "stat_order_return_hour" AS s ("hour", "outlet_id", "sn", "simulated", "return_count")
    SELECT h, outlet, sn, sim, sum(n) FROM r GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count";
  ELSIF TG_OP = 'DELETE' THEN
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.sn, a.simulated sim, -1 n, -1 * (a.status = 'finished')::int fin, -1 * (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL)::int ended, -1 * (CASE WHEN (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) THEN greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) ELSE 0 END)::bigint mins, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 0 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 30)::int d0, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 30 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 60)::int d1, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 60 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 120)::int d2, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 120 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 360)::int d3, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 360 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 1440)::int d4, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 1440)::int d5 FROM old_rows a
    ), r AS (
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, -1 n FROM old_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
    ), c AS (
      INSERT INTO "stat_order_cabinet_hour" AS s ("hour", "outlet_id", "sn", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT h, outlet, sn, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT h, outlet, sn, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fin) <> 0 OR sum(ended) <> 0 OR sum(mins) <> 0 OR sum(d0) <> 0 OR sum(d1) <> 0 OR sum(d2) <> 0 OR sum(d3) <> 0 OR sum(d4) <> 0 OR sum(d5) <> 0) g ORDER BY 1, 2, 3, 4
      ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    )
    INSERT INTO "stat_order_return_hour" AS s ("hour", "outlet_id", "sn", "simulated", "return_count")
    SELECT h, outlet, sn, sim, sum(n) FROM r GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count";
  ELSE
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.sn, a.simulated sim, 1 n, 1 * (a.status = 'finished')::int fin, 1 * (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL)::int ended, 1 * (CASE WHEN (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) THEN greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) ELSE 0 END)::bigint mins, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 0 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 30)::int d0, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 30 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 60)::int d1, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 60 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 120)::int d2, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 120 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 360)::int d3, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 360 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 1440)::int d4, 1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 1440)::int d5 FROM new_rows a
      UNION ALL
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.sn, a.simulated sim, -1 n, -1 * (a.status = 'finished')::int fin, -1 * (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL)::int ended, -1 * (CASE WHEN (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) THEN greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) ELSE 0 END)::bigint mins, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 0 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 30)::int d0, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 30 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 60)::int d1, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 60 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 120)::int d2, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 120 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 360)::int d3, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 360 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 1440)::int d4, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 1440)::int d5 FROM old_rows a
    ), r AS (
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, 1 n FROM new_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
      UNION ALL
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, -1 n FROM old_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
    ), c AS (
      INSERT INTO "stat_order_cabinet_hour" AS s ("hour", "outlet_id", "sn", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT h, outlet, sn, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT h, outlet, sn, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fin) <> 0 OR sum(ended) <> 0 OR sum(mins) <> 0 OR sum(d0) <> 0 OR sum(d1) <> 0 OR sum(d2) <> 0 OR sum(d3) <> 0 OR sum(d4) <> 0 OR sum(d5) <> 0) g ORDER BY 1, 2, 3, 4
      ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    )
    INSERT INTO "stat_order_return_hour" AS s ("hour", "outlet_id", "sn", "simulated", "return_count")
    SELECT h, outlet, sn, sim, sum(n) FROM r GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count";
  END IF;
  RETURN NULL;
END $$;
