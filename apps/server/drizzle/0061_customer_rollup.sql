CREATE TABLE "stat_customer_first" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_customer_gap_day" (
	"phase" smallint NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"gap" smallint NOT NULL,
	"shard" smallint NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_customer_gap_day_phase_day_gap_shard_pk" PRIMARY KEY("phase","day","gap","shard")
);
--> statement-breakpoint
-- Returning customers (issue 27, part 5): the function's body is modules/order/rollups.sql's (npm run db:stats-sql).
CREATE OR REPLACE FUNCTION "stat_customer_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mode text := current_setting('plan_cache_mode');
  us bigint[];
  ts timestamptz[];
  ns int[];
  ku bigint[];
  kold timestamptz[];
  knew timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
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
--> statement-breakpoint
CREATE TRIGGER "stat_order_zusr_ins" AFTER INSERT ON "ord_order" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_customer_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stat_order_zusr_upd" AFTER UPDATE ON "ord_order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_customer_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stat_order_zusr_del" AFTER DELETE ON "ord_order" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_customer_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stat_order_zusr_archive_ins" AFTER INSERT ON "ord_order_archive" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_customer_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stat_order_zusr_archive_upd" AFTER UPDATE ON "ord_order_archive" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_customer_rollup"();
--> statement-breakpoint
CREATE TRIGGER "stat_order_zusr_archive_del" AFTER DELETE ON "ord_order_archive" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_customer_rollup"();
--> statement-breakpoint
-- The orders already there (live and archived), once: each customer's first order, and every order by its
-- previous one (none: gap -1), grouped by the two UTC hours and the shard before the 24 phases.
INSERT INTO "stat_customer_first" ("user_id", "first_at")
SELECT user_id, min(created_at) FROM (SELECT user_id, created_at FROM "ord_order" UNION ALL SELECT user_id, created_at FROM "ord_order_archive") a GROUP BY user_id;
--> statement-breakpoint
WITH a AS (SELECT user_id, created_at FROM "ord_order" UNION ALL SELECT user_id, created_at FROM "ord_order_archive"),
pr AS (SELECT user_id u, created_at t, lag(created_at) OVER (PARTITION BY user_id ORDER BY created_at) p FROM a),
h AS (SELECT date_trunc('hour', t, 'UTC') th, date_trunc('hour', p, 'UTC') ph, (u % 8)::smallint sh, count(*) n FROM pr GROUP BY 1, 2, 3),
x AS (
  SELECT z.h phase, d.dt, CASE WHEN h.ph IS NULL THEN -1 ELSE least(401, round(extract(epoch FROM d.dt - d.dp) / 86400))::int END gap, h.sh, h.n
  FROM h CROSS JOIN generate_series(0, 23) z(h),
  LATERAL (SELECT date_trunc('day', h.th - make_interval(hours => z.h), 'UTC') + make_interval(hours => z.h) dt,
                  date_trunc('day', h.ph - make_interval(hours => z.h), 'UTC') + make_interval(hours => z.h) dp) d
)
INSERT INTO "stat_customer_gap_day" ("phase", "day", "gap", "shard", "order_count")
SELECT phase, dt, gap, sh, sum(n) FROM x GROUP BY 1, 2, 3, 4;
