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
-- hour of return into stat_order_return_hour; ended rentals are power-bank rentals only (0046). Since 0061
-- also per UTC day and month and cabinet into stat_order_cabinet_span, per day and month and rent outlet into
-- stat_order_outlet_span, and the returns per hour and shard (order id % 16) into stat_order_return_hour_total;
-- since 0063 the cabinet spans per rent outlet too and the outlet spans with the finished orders (a scope's
-- cabinets, outlets and orders per period read by its outlets).
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
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, (a.id % 16)::smallint shard, 1 n FROM new_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
    ), c AS (
      INSERT INTO "stat_order_cabinet_hour" AS s ("hour", "outlet_id", "sn", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT h, outlet, sn, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT h, outlet, sn, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fin) <> 0 OR sum(ended) <> 0 OR sum(mins) <> 0 OR sum(d0) <> 0 OR sum(d1) <> 0 OR sum(d2) <> 0 OR sum(d3) <> 0 OR sum(d4) <> 0 OR sum(d5) <> 0) g ORDER BY 1, 2, 3, 4
      ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    ), cs AS (
      INSERT INTO "stat_order_cabinet_span" AS s ("span", "start", "outlet_id", "sn", "simulated", "order_count", "ended_count", "ended_minutes")
      SELECT sp, st, outlet, sn, sim, n, ended, mins FROM (SELECT 'day' sp, date_trunc('day', h, 'UTC') st, outlet, sn, sim, sum(n) n, sum(ended) ended, sum(mins) mins FROM x GROUP BY 2, 3, 4, 5
        UNION ALL SELECT 'month', date_trunc('month', h, 'UTC'), outlet, sn, sim, sum(n), sum(ended), sum(mins) FROM x GROUP BY 2, 3, 4, 5) g
      WHERE n <> 0 OR ended <> 0 OR mins <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("span", "start", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes"
    ), os AS (
      INSERT INTO "stat_order_outlet_span" AS s ("span", "start", "outlet_id", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT sp, st, outlet, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT 'day' sp, date_trunc('day', h, 'UTC') st, outlet, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 2, 3, 4
        UNION ALL SELECT 'month', date_trunc('month', h, 'UTC'), outlet, sim, sum(n), sum(fin), sum(ended), sum(mins), sum(d0), sum(d1), sum(d2), sum(d3), sum(d4), sum(d5) FROM x GROUP BY 2, 3, 4) g
      WHERE n <> 0 OR fin <> 0 OR ended <> 0 OR mins <> 0 OR d0 <> 0 OR d1 <> 0 OR d2 <> 0 OR d3 <> 0 OR d4 <> 0 OR d5 <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ("span", "start", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    ), rt AS (
      INSERT INTO "stat_order_return_hour_total" AS s ("hour", "simulated", "shard", "return_count")
      SELECT h, sim, shard, sum(n) FROM r GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count"
    )
    INSERT INTO "stat_order_return_hour" AS s ("hour", "outlet_id", "sn", "simulated", "return_count")
    SELECT h, outlet, sn, sim, sum(n) FROM r GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count";
  ELSIF TG_OP = 'DELETE' THEN
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.sn, a.simulated sim, -1 n, -1 * (a.status = 'finished')::int fin, -1 * (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL)::int ended, -1 * (CASE WHEN (a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) THEN greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) ELSE 0 END)::bigint mins, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 0 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 30)::int d0, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 30 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 60)::int d1, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 60 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 120)::int d2, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 120 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 360)::int d3, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 360 AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) < 1440)::int d4, -1 * ((a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL) AND greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60)) >= 1440)::int d5 FROM old_rows a
    ), r AS (
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, (a.id % 16)::smallint shard, -1 n FROM old_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
    ), c AS (
      INSERT INTO "stat_order_cabinet_hour" AS s ("hour", "outlet_id", "sn", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT h, outlet, sn, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT h, outlet, sn, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fin) <> 0 OR sum(ended) <> 0 OR sum(mins) <> 0 OR sum(d0) <> 0 OR sum(d1) <> 0 OR sum(d2) <> 0 OR sum(d3) <> 0 OR sum(d4) <> 0 OR sum(d5) <> 0) g ORDER BY 1, 2, 3, 4
      ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    ), cs AS (
      INSERT INTO "stat_order_cabinet_span" AS s ("span", "start", "outlet_id", "sn", "simulated", "order_count", "ended_count", "ended_minutes")
      SELECT sp, st, outlet, sn, sim, n, ended, mins FROM (SELECT 'day' sp, date_trunc('day', h, 'UTC') st, outlet, sn, sim, sum(n) n, sum(ended) ended, sum(mins) mins FROM x GROUP BY 2, 3, 4, 5
        UNION ALL SELECT 'month', date_trunc('month', h, 'UTC'), outlet, sn, sim, sum(n), sum(ended), sum(mins) FROM x GROUP BY 2, 3, 4, 5) g
      WHERE n <> 0 OR ended <> 0 OR mins <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("span", "start", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes"
    ), os AS (
      INSERT INTO "stat_order_outlet_span" AS s ("span", "start", "outlet_id", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT sp, st, outlet, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT 'day' sp, date_trunc('day', h, 'UTC') st, outlet, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 2, 3, 4
        UNION ALL SELECT 'month', date_trunc('month', h, 'UTC'), outlet, sim, sum(n), sum(fin), sum(ended), sum(mins), sum(d0), sum(d1), sum(d2), sum(d3), sum(d4), sum(d5) FROM x GROUP BY 2, 3, 4) g
      WHERE n <> 0 OR fin <> 0 OR ended <> 0 OR mins <> 0 OR d0 <> 0 OR d1 <> 0 OR d2 <> 0 OR d3 <> 0 OR d4 <> 0 OR d5 <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ("span", "start", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    ), rt AS (
      INSERT INTO "stat_order_return_hour_total" AS s ("hour", "simulated", "shard", "return_count")
      SELECT h, sim, shard, sum(n) FROM r GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count"
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
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, (a.id % 16)::smallint shard, 1 n FROM new_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
      UNION ALL
      SELECT date_trunc('hour', a.end_at, 'UTC') h, coalesce(a.return_outlet_id, 0) outlet, a.return_sn sn, a.simulated sim, (a.id % 16)::smallint shard, -1 n FROM old_rows a WHERE a.return_sn IS NOT NULL AND a.end_at IS NOT NULL
    ), c AS (
      INSERT INTO "stat_order_cabinet_hour" AS s ("hour", "outlet_id", "sn", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT h, outlet, sn, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT h, outlet, sn, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fin) <> 0 OR sum(ended) <> 0 OR sum(mins) <> 0 OR sum(d0) <> 0 OR sum(d1) <> 0 OR sum(d2) <> 0 OR sum(d3) <> 0 OR sum(d4) <> 0 OR sum(d5) <> 0) g ORDER BY 1, 2, 3, 4
      ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    ), cs AS (
      INSERT INTO "stat_order_cabinet_span" AS s ("span", "start", "outlet_id", "sn", "simulated", "order_count", "ended_count", "ended_minutes")
      SELECT sp, st, outlet, sn, sim, n, ended, mins FROM (SELECT 'day' sp, date_trunc('day', h, 'UTC') st, outlet, sn, sim, sum(n) n, sum(ended) ended, sum(mins) mins FROM x GROUP BY 2, 3, 4, 5
        UNION ALL SELECT 'month', date_trunc('month', h, 'UTC'), outlet, sn, sim, sum(n), sum(ended), sum(mins) FROM x GROUP BY 2, 3, 4, 5) g
      WHERE n <> 0 OR ended <> 0 OR mins <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("span", "start", "outlet_id", "sn", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes"
    ), os AS (
      INSERT INTO "stat_order_outlet_span" AS s ("span", "start", "outlet_id", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
      SELECT sp, st, outlet, sim, n, fin, ended, mins, d0, d1, d2, d3, d4, d5 FROM (SELECT 'day' sp, date_trunc('day', h, 'UTC') st, outlet, sim, sum(n) n, sum(fin) fin, sum(ended) ended, sum(mins) mins, sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5 FROM x GROUP BY 2, 3, 4
        UNION ALL SELECT 'month', date_trunc('month', h, 'UTC'), outlet, sim, sum(n), sum(fin), sum(ended), sum(mins), sum(d0), sum(d1), sum(d2), sum(d3), sum(d4), sum(d5) FROM x GROUP BY 2, 3, 4) g
      WHERE n <> 0 OR fin <> 0 OR ended <> 0 OR mins <> 0 OR d0 <> 0 OR d1 <> 0 OR d2 <> 0 OR d3 <> 0 OR d4 <> 0 OR d5 <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ("span", "start", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "finished_count" = s."finished_count" + excluded."finished_count", "ended_count" = s."ended_count" + excluded."ended_count", "ended_minutes" = s."ended_minutes" + excluded."ended_minutes", "d0" = s."d0" + excluded."d0", "d1" = s."d1" + excluded."d1", "d2" = s."d2" + excluded."d2", "d3" = s."d3" + excluded."d3", "d4" = s."d4" + excluded."d4", "d5" = s."d5" + excluded."d5"
    ), rt AS (
      INSERT INTO "stat_order_return_hour_total" AS s ("hour", "simulated", "shard", "return_count")
      SELECT h, sim, shard, sum(n) FROM r GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count"
    )
    INSERT INTO "stat_order_return_hour" AS s ("hour", "outlet_id", "sn", "simulated", "return_count")
    SELECT h, outlet, sn, sim, sum(n) FROM r GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "outlet_id", "sn", "simulated") DO UPDATE SET "return_count" = s."return_count" + excluded."return_count";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- stat_customer_rollup (0061, issue 27 part 5): returning customers. stat_customer_first (each customer's
-- first order) and stat_customer_gap_day (every order by day, day phase, days since the customer's previous
-- order and shard = customer % 8; the tables are the stats module's, modules/stats/tables.ts), in three steps:
--  1. the statement's customers are locked in customer order (a new customer's row made first), so the
--     concurrent orders of one customer queue here and each later statement sees what the others committed;
--  2. their first orders: an insert can only lower one; a customer whose rows were deleted gets the earliest
--     order left (none left: no row); a first order that moved counts -1 on its old day, +1 on its new one;
--  3. a customer's sequence of orders changes only between the order before the earliest changed one and the
--     order after the latest: that stretch's consecutive pairs count +1 as they are now and -1 as they were
--     (now less inserted plus deleted), in each of the 24 phases; lines summing to nothing are skipped, rows
--     are upserted in key order.
-- An update counts only rows whose customer or creation time changed (a status change does nothing). The
-- archive's move inserts a copy and deletes the original: both rollups come back to what they were.
-- One order inserted after every other order of its customer (a rent: the usual insert) takes a short way
-- of three statements besides reading the transition table: lock or make the customer's row (made: the
-- customer's first order), read the latest other order of the customer (one backward probe per order table),
-- add the one new pair in the 24 phases. Any other insert (several orders, or one older than the
-- customer's latest) goes the general way, which gives the same rows (stats/customers.test.ts checks both).
-- Plans of the general way: a statement of a few orders runs generic plans, since with custom plans
-- PostgreSQL planned step 3 again at every call (about 10 ms of planning against 0.6 ms of running, at load
-- 40 on bench_1m); a bulk statement runs custom plans, planned for its size (generic ones took 99 s for
-- 100,000 orders).
CREATE OR REPLACE FUNCTION "stat_customer_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mode text := current_setting('plan_cache_mode');
  us bigint[];
  ts timestamptz[];
  ns int[];
  ku bigint[];
  kold timestamptz[];
  knew timestamptz[];
  n1 bigint;
  u1 bigint;
  t1 timestamptz;
  i1 bigint;
  p1 timestamptz;
  fresh boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), min(a.user_id), min(a.created_at), min(a.id) INTO n1, u1, t1, i1 FROM new_rows a;
    IF n1 = 1 THEN
      -- The short way. The customer's row locked (an ON CONFLICT update locks the row even when its WHERE is false).
      INSERT INTO "stat_customer_first" AS f ("user_id", "first_at") VALUES (u1, t1)
      ON CONFLICT ("user_id") DO UPDATE SET "first_at" = f."first_at" WHERE false;
      fresh := FOUND;
      IF NOT fresh THEN
        -- A customer with orders: the latest of them other than this one (in the table it was inserted into).
        SELECT greatest(
          (SELECT max(o.created_at) FROM "ord_order" o WHERE o.user_id = u1 AND NOT (TG_TABLE_NAME = 'ord_order' AND o.id = i1)),
          (SELECT max(o.created_at) FROM "ord_order_archive" o WHERE o.user_id = u1 AND NOT (TG_TABLE_NAME = 'ord_order_archive' AND o.id = i1)))
        INTO p1;
      END IF;
      IF fresh OR p1 <= t1 THEN
        -- The customer's first order (gap -1) or the pair (latest other order, this one), in the 24 phases.
        INSERT INTO "stat_customer_gap_day" AS g ("phase", "day", "gap", "shard", "order_count")
        SELECT z.h, d.dt, CASE WHEN p1 IS NULL THEN -1 ELSE least(401, round(extract(epoch FROM d.dt - d.dp) / 86400))::int END, (u1 % 8)::smallint, 1
        FROM generate_series(0, 23) z(h),
        LATERAL (SELECT date_trunc('day', date_trunc('hour', t1, 'UTC') - make_interval(hours => z.h), 'UTC') + make_interval(hours => z.h) dt,
                        date_trunc('day', date_trunc('hour', p1, 'UTC') - make_interval(hours => z.h), 'UTC') + make_interval(hours => z.h) dp) d
        ORDER BY 1, 2, 3, 4
        ON CONFLICT ("phase", "day", "gap", "shard") DO UPDATE SET "order_count" = g."order_count" + excluded."order_count";
        RETURN NULL;
      END IF;
      -- The row says the customer has orders but none was found (not expected), or this order is not the latest: the general way.
    END IF;
    SELECT array_agg(a.user_id), array_agg(a.created_at), array_agg(1) INTO us, ts, ns FROM new_rows a;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(a.user_id), array_agg(a.created_at), array_agg(-1) INTO us, ts, ns FROM old_rows a;
  ELSE
    SELECT array_agg(x.u), array_agg(x.t), array_agg(x.n) INTO us, ts, ns FROM (
      SELECT o.user_id u, o.created_at t, -1 n FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE w.user_id <> o.user_id OR w.created_at <> o.created_at
      UNION ALL
      SELECT w.user_id, w.created_at, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE w.user_id <> o.user_id OR w.created_at <> o.created_at) x;
  END IF;
  IF us IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('plan_cache_mode', CASE WHEN cardinality(us) <= 64 THEN 'force_generic_plan' ELSE 'force_custom_plan' END, true);

  -- 1. Lock the customers' rows (made first for a new customer), in customer order, and read them.
  INSERT INTO "stat_customer_first" ("user_id", "first_at")
  SELECT DISTINCT c.u, 'infinity'::timestamptz FROM unnest(us) c(u) ORDER BY 1
  ON CONFLICT ("user_id") DO NOTHING;
  WITH l AS (
    SELECT f.user_id, f.first_at FROM "stat_customer_first" f JOIN (SELECT DISTINCT c.u FROM unnest(us) c(u)) c ON c.u = f.user_id
    ORDER BY f.user_id FOR UPDATE OF f
  )
  SELECT array_agg(l.user_id ORDER BY l.user_id), array_agg(l.first_at ORDER BY l.user_id) INTO ku, kold FROM l;

  -- 2. The first orders now: an insert can only lower one; after a delete, the earliest order left.
  WITH c AS (SELECT * FROM unnest(us, ts, ns) c(u, t, n)),
  g AS (SELECT c.u, min(c.t) FILTER (WHERE c.n > 0) ins, bool_or(c.n < 0) del FROM c GROUP BY c.u)
  SELECT array_agg(CASE WHEN g.del
           THEN least((SELECT min(o.created_at) FROM "ord_order" o WHERE o.user_id = k.u),
                      (SELECT min(o.created_at) FROM "ord_order_archive" o WHERE o.user_id = k.u))
           ELSE least(k.old, g.ins) END ORDER BY k.u) INTO knew
  FROM unnest(ku, kold) k(u, old) JOIN g ON g.u = k.u;
  UPDATE "stat_customer_first" f SET "first_at" = x.nw FROM unnest(ku, knew) x(u, nw)
  WHERE f.user_id = x.u AND x.nw IS NOT NULL AND f.first_at <> x.nw;
  DELETE FROM "stat_customer_first" f USING unnest(ku, knew) x(u, nw) WHERE f.user_id = x.u AND x.nw IS NULL;

  -- 3. Pairs of consecutive orders (gap >= 0) and first orders (gap -1), +1 as they are now, -1 as they were.
  WITH c AS (SELECT * FROM unnest(us, ts, ns) c(u, t, n)),
  k AS (SELECT c.u, min(c.t) lo, max(c.t) hi FROM c GROUP BY c.u),
  cur AS (
    SELECT k.u, o.created_at t FROM k JOIN "ord_order" o ON o.user_id = k.u AND o.created_at >= k.lo AND o.created_at <= k.hi
    UNION ALL
    SELECT k.u, o.created_at FROM k JOIN "ord_order_archive" o ON o.user_id = k.u AND o.created_at >= k.lo AND o.created_at <= k.hi
  ), ends AS (
    SELECT k.u,
      greatest((SELECT max(o.created_at) FROM "ord_order" o WHERE o.user_id = k.u AND o.created_at < k.lo),
               (SELECT max(o.created_at) FROM "ord_order_archive" o WHERE o.user_id = k.u AND o.created_at < k.lo)) AS prev_at,
      least((SELECT min(o.created_at) FROM "ord_order" o WHERE o.user_id = k.u AND o.created_at > k.hi),
            (SELECT min(o.created_at) FROM "ord_order_archive" o WHERE o.user_id = k.u AND o.created_at > k.hi)) AS next_at
    FROM k
  ), anchors AS (
    SELECT u, prev_at t FROM ends WHERE prev_at IS NOT NULL UNION ALL SELECT u, next_at FROM ends WHERE next_at IS NOT NULL
  ), now_seq AS (
    SELECT u, t FROM cur UNION ALL SELECT u, t FROM anchors
  ), was_seq AS (
    (SELECT u, t FROM cur EXCEPT ALL SELECT u, t FROM c WHERE n > 0)
    UNION ALL SELECT u, t FROM c WHERE n < 0
    UNION ALL SELECT u, t FROM anchors
  ), pairs AS (
    SELECT u, t, lag(t) OVER (PARTITION BY u ORDER BY t) p, 1 s FROM now_seq
    UNION ALL
    SELECT u, t, lag(t) OVER (PARTITION BY u ORDER BY t) p, -1 s FROM was_seq
  ), firsts AS (
    SELECT k.u, k.old t, -1 s FROM unnest(ku, kold, knew) k(u, old, nw) WHERE k.old <> 'infinity' AND k.old IS DISTINCT FROM k.nw
    UNION ALL
    SELECT k.u, k.nw, 1 FROM unnest(ku, kold, knew) k(u, old, nw) WHERE k.nw IS NOT NULL AND k.nw IS DISTINCT FROM k.old
  ), hours AS (
    -- A pair's days in every phase depend only on its two UTC hours: grouped by them (and the shard) before the 24 phases.
    SELECT date_trunc('hour', t, 'UTC') th, date_trunc('hour', p, 'UTC') ph, (u % 8)::smallint sh, sum(s) s FROM pairs
    WHERE p IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(s) <> 0
    UNION ALL
    SELECT date_trunc('hour', t, 'UTC'), NULL, (u % 8)::smallint, sum(s) FROM firsts GROUP BY 1, 3 HAVING sum(s) <> 0
  ), x AS (
    SELECT z.h phase, d.dt, CASE WHEN h.ph IS NULL THEN -1 ELSE least(401, round(extract(epoch FROM d.dt - d.dp) / 86400))::int END gap, h.sh, h.s
    FROM hours h CROSS JOIN generate_series(0, 23) z(h),
    LATERAL (SELECT date_trunc('day', h.th - make_interval(hours => z.h), 'UTC') + make_interval(hours => z.h) dt,
                    date_trunc('day', h.ph - make_interval(hours => z.h), 'UTC') + make_interval(hours => z.h) dp) d
  )
  INSERT INTO "stat_customer_gap_day" AS g ("phase", "day", "gap", "shard", "order_count")
  SELECT phase, dt, gap, sh, sum(s) FROM x GROUP BY 1, 2, 3, 4 HAVING sum(s) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("phase", "day", "gap", "shard") DO UPDATE SET "order_count" = g."order_count" + excluded."order_count";
  PERFORM set_config('plan_cache_mode', mode, true);
  RETURN NULL;
END $$;
