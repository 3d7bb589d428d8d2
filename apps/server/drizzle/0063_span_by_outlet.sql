-- A scope's operational data independent of its orders (issue 27, part 5, docs/decisions/statistics.md "A scope's
-- cabinets, outlets and orders per period from the spans"): the cabinet spans keyed by rent outlet too, so a scope
-- reads its cabinets' lines by its outlets (a cabinet rented at an outlet inside and one outside the scope counts
-- only the orders of the inside one) and the whole business groups them by cabinet; the outlet spans with the
-- finished orders, so a scope's orders and finished per period come from its outlets' days and months.
-- The cabinet spans' rows cannot be split by outlet: the table is made again and filled from stat_order_cabinet_hour
-- (which has the outlet and equals the rows), as 0061 filled it.
DROP TABLE "stat_order_cabinet_span";
--> statement-breakpoint
CREATE TABLE "stat_order_cabinet_span" (
	"span" varchar(8) NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"outlet_id" bigint NOT NULL,
	"sn" varchar(32) NOT NULL,
	"simulated" boolean NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"ended_count" bigint DEFAULT 0 NOT NULL,
	"ended_minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_cabinet_span_span_start_outlet_id_sn_simulated_pk" PRIMARY KEY("span","start","outlet_id","sn","simulated")
);
--> statement-breakpoint
ALTER TABLE "stat_order_outlet_span" ADD COLUMN "finished_count" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The trigger's body is modules/order/rollups.sql's (npm run db:stats-sql): the cabinet spans by outlet and cabinet,
-- the outlet spans with the finished orders.
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
-- What is there already, once: the hourly rollup summed (it equals the rows; it has the outlet and the finished orders).
INSERT INTO "stat_order_cabinet_span" ("span", "start", "outlet_id", "sn", "simulated", "order_count", "ended_count", "ended_minutes")
SELECT 'day', date_trunc('day', "hour", 'UTC'), "outlet_id", "sn", "simulated", sum("order_count"), sum("ended_count"), sum("ended_minutes") FROM "stat_order_cabinet_hour" GROUP BY 2, 3, 4, 5
HAVING sum("order_count") <> 0 OR sum("ended_count") <> 0 OR sum("ended_minutes") <> 0
UNION ALL
SELECT 'month', date_trunc('month', "hour", 'UTC'), "outlet_id", "sn", "simulated", sum("order_count"), sum("ended_count"), sum("ended_minutes") FROM "stat_order_cabinet_hour" GROUP BY 2, 3, 4, 5
HAVING sum("order_count") <> 0 OR sum("ended_count") <> 0 OR sum("ended_minutes") <> 0;
--> statement-breakpoint
CREATE INDEX "stat_order_cabinet_span_outlet_idx" ON "stat_order_cabinet_span" USING btree ("outlet_id","span","start");
--> statement-breakpoint
DELETE FROM "stat_order_outlet_span";
--> statement-breakpoint
INSERT INTO "stat_order_outlet_span" ("span", "start", "outlet_id", "simulated", "order_count", "finished_count", "ended_count", "ended_minutes", "d0", "d1", "d2", "d3", "d4", "d5")
SELECT 'day', date_trunc('day', "hour", 'UTC'), "outlet_id", "simulated", sum("order_count"), sum("finished_count"), sum("ended_count"), sum("ended_minutes"), sum("d0"), sum("d1"), sum("d2"), sum("d3"), sum("d4"), sum("d5")
FROM "stat_order_cabinet_hour" GROUP BY 2, 3, 4 HAVING sum("order_count") <> 0 OR sum("finished_count") <> 0 OR sum("ended_count") <> 0 OR sum("ended_minutes") <> 0
UNION ALL
SELECT 'month', date_trunc('month', "hour", 'UTC'), "outlet_id", "simulated", sum("order_count"), sum("finished_count"), sum("ended_count"), sum("ended_minutes"), sum("d0"), sum("d1"), sum("d2"), sum("d3"), sum("d4"), sum("d5")
FROM "stat_order_cabinet_hour" GROUP BY 2, 3, 4 HAVING sum("order_count") <> 0 OR sum("finished_count") <> 0 OR sum("ended_count") <> 0 OR sum("ended_minutes") <> 0;
