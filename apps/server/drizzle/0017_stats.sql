CREATE TABLE "stat_order_hour" (
	"hour" timestamp with time zone NOT NULL,
	"outlet_id" bigint NOT NULL,
	"simulated" boolean NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"finished_count" bigint DEFAULT 0 NOT NULL,
	"rental_minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_hour_hour_outlet_id_simulated_pk" PRIMARY KEY("hour","outlet_id","simulated")
);
--> statement-breakpoint
CREATE TABLE "stat_order_hour_total" (
	"hour" timestamp with time zone NOT NULL,
	"simulated" boolean NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"finished_count" bigint DEFAULT 0 NOT NULL,
	"rental_minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_hour_total_hour_simulated_pk" PRIMARY KEY("hour","simulated")
);
--> statement-breakpoint
CREATE INDEX "stat_order_hour_outlet_idx" ON "stat_order_hour" USING btree ("outlet_id","hour");--> statement-breakpoint
CREATE FUNCTION "stat_order_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What the statement changed, per hour of creation, outlet and simulated (and per hour over all
  -- outlets): each new row counts +1 with its amounts, each old row -1 (an update is both); lines
  -- summing to nothing are skipped. Rows are upserted in key order, so two statements never wait
  -- on each other crosswise.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT h, outlet, sim, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, 1 n, a.paid_amount paid, a.refund_amount refund,
             (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a) x
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), per_outlet AS (
      INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
      SELECT h, outlet, sim, n, paid, refund, fin, mins FROM d ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes"
    )
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("hour", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT h, outlet, sim, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, -1 n, -a.paid_amount paid, -a.refund_amount refund,
             -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a) x
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), per_outlet AS (
      INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
      SELECT h, outlet, sim, n, paid, refund, fin, mins FROM d ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes"
    )
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("hour", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSE
    WITH d AS (
      SELECT h, outlet, sim, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins FROM (SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, 1 n, a.paid_amount paid, a.refund_amount refund,
             (a.status = 'finished')::int fin, a.billed_minutes mins FROM new_rows a
      UNION ALL
      SELECT date_trunc('hour', a.created_at, 'UTC') h, coalesce(a.outlet_id, 0) outlet, a.simulated sim, -1 n, -a.paid_amount paid, -a.refund_amount refund,
             -(a.status = 'finished')::int fin, -a.billed_minutes mins FROM old_rows a) x
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refund) <> 0 OR sum(fin) <> 0 OR sum(mins) <> 0
    ), per_outlet AS (
      INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
      SELECT h, outlet, sim, n, paid, refund, fin, mins FROM d ORDER BY 1, 2, 3
      ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
        "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
        "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
        "rental_minutes" = s."rental_minutes" + excluded."rental_minutes"
    )
    INSERT INTO "stat_order_hour_total" AS s ("hour", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT h, sim, sum(n), sum(paid), sum(refund), sum(fin), sum(mins) FROM d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("hour", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stat_order_ins" AFTER INSERT ON "ord_order" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_order_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_order_upd" AFTER UPDATE ON "ord_order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_order_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_order_del" AFTER DELETE ON "ord_order" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_order_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_order_archive_ins" AFTER INSERT ON "ord_order_archive" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_order_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_order_archive_upd" AFTER UPDATE ON "ord_order_archive" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_order_rollup"();--> statement-breakpoint
CREATE TRIGGER "stat_order_archive_del" AFTER DELETE ON "ord_order_archive" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stat_order_rollup"();--> statement-breakpoint
-- The orders already there (live and archived), rolled up once.
INSERT INTO "stat_order_hour" ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
SELECT date_trunc('hour', created_at, 'UTC'), coalesce(outlet_id, 0), simulated, count(*), sum(paid_amount), sum(refund_amount),
       count(*) FILTER (WHERE status = 'finished'), sum(billed_minutes)
FROM (SELECT created_at, outlet_id, simulated, paid_amount, refund_amount, status, billed_minutes FROM "ord_order"
      UNION ALL SELECT created_at, outlet_id, simulated, paid_amount, refund_amount, status, billed_minutes FROM "ord_order_archive") o
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stat_order_hour_total" ("hour", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
SELECT "hour", "simulated", sum("order_count"), sum("paid_amount"), sum("refund_amount"), sum("finished_count"), sum("rental_minutes")
FROM "stat_order_hour" GROUP BY 1, 2;
