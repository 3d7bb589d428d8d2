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
CREATE INDEX "stat_order_hour_outlet_idx" ON "stat_order_hour" USING btree ("outlet_id","hour");--> statement-breakpoint
CREATE FUNCTION "stat_order_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What the statement changed, per hour of creation, outlet and simulated: each new row counts
  -- +1 with its amounts, each old row -1 (an update is both); lines summing to nothing are skipped.
  -- Rows are upserted in key order, so two statements never wait on each other crosswise.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT date_trunc('hour', n.created_at, 'UTC'), coalesce(n.outlet_id, 0), n.simulated, count(*), sum(n.paid_amount), sum(n.refund_amount),
           count(*) FILTER (WHERE n.status = 'finished'), sum(n.billed_minutes)
    FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT date_trunc('hour', o.created_at, 'UTC'), coalesce(o.outlet_id, 0), o.simulated, -count(*), -sum(o.paid_amount), -sum(o.refund_amount),
           -count(*) FILTER (WHERE o.status = 'finished'), -sum(o.billed_minutes)
    FROM old_rows o GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
      "order_count" = s."order_count" + excluded."order_count", "paid_amount" = s."paid_amount" + excluded."paid_amount",
      "refund_amount" = s."refund_amount" + excluded."refund_amount", "finished_count" = s."finished_count" + excluded."finished_count",
      "rental_minutes" = s."rental_minutes" + excluded."rental_minutes";
  ELSE
    INSERT INTO "stat_order_hour" AS s ("hour", "outlet_id", "simulated", "order_count", "paid_amount", "refund_amount", "finished_count", "rental_minutes")
    SELECT d.h, d.outlet, d.sim, sum(d.n), sum(d.paid), sum(d.refund), sum(d.fin), sum(d.mins)
    FROM (
      SELECT date_trunc('hour', n.created_at, 'UTC') h, coalesce(n.outlet_id, 0) outlet, n.simulated sim, 1 n, n.paid_amount paid, n.refund_amount refund,
             (n.status = 'finished')::int fin, n.billed_minutes mins FROM new_rows n
      UNION ALL
      SELECT date_trunc('hour', o.created_at, 'UTC'), coalesce(o.outlet_id, 0), o.simulated, -1, -o.paid_amount, -o.refund_amount,
             -(o.status = 'finished')::int, -o.billed_minutes FROM old_rows o
    ) d
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0 OR sum(d.paid) <> 0 OR sum(d.refund) <> 0 OR sum(d.fin) <> 0 OR sum(d.mins) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "outlet_id", "simulated") DO UPDATE SET
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
