-- Statistics (issue 16): the totals row of an hour was one row that every order transaction of
-- that hour updated and held until commit, so they queued on it (50 transactions held 40 ms each
-- took 2.8 s on PostgreSQL). The totals now spread over 16 shards by order id (the archive keeps
-- ids, so its move is still net zero); the per-outlet rows are unchanged. Existing rows stay in
-- shard 0; readers sum the shards. Lock order is unchanged: per-outlet rows first, then total
-- rows, each in key order.
CREATE OR REPLACE FUNCTION "stat_order_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, 1 n, a.paid_amount paid, a.refund_amount refund,
             (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a
    ), d AS (
      SELECT h, outlet, sim, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), t AS (
      SELECT h, sim, shard, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), per_outlet AS (
      INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
      SELECT h, outlet, sim, n, paid, refund, fin, mins FROM d ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes"
    )
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "shard", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, shard, n, paid, refund, fin, mins FROM t ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSIF TG_OP = 'DELETE' THEN
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, -1 n, -a.paid_amount paid, -a.refund_amount refund,
             -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a
    ), d AS (
      SELECT h, outlet, sim, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), t AS (
      SELECT h, sim, shard, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), per_outlet AS (
      INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
      SELECT h, outlet, sim, n, paid, refund, fin, mins FROM d ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes"
    )
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "shard", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, shard, n, paid, refund, fin, mins FROM t ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSE
    WITH x AS (
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, 1 n, a.paid_amount paid, a.refund_amount refund,
             (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a
      UNION ALL
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, (a.id % 16)::smallint shard, -1 n, -a.paid_amount paid, -a.refund_amount refund,
             -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a
    ), d AS (
      SELECT h, outlet, sim, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), t AS (
      SELECT h, sim, shard, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), per_outlet AS (
      INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
      SELECT h, outlet, sim, n, paid, refund, fin, mins FROM d ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes"
    )
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "shard", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, shard, n, paid, refund, fin, mins FROM t ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "simulated", "shard") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  END IF;
  RETURN NULL;
END $$;
