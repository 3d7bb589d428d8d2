ALTER TABLE "ord_order" DROP CONSTRAINT "ord_order_refund_ck";--> statement-breakpoint
ALTER TABLE "ord_order" ADD COLUMN "refund_pending_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order_archive" ADD COLUMN "refund_pending_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_order" ADD CONSTRAINT "ord_order_refund_ck" CHECK ("ord_order"."refund_amount" >= 0 and "ord_order"."refund_pending_amount" >= 0 and "ord_order"."refund_amount" + "ord_order"."refund_pending_amount" <= "ord_order"."paid_amount");--> statement-breakpoint
-- Refunds asked for and still awaiting review were counted as refunded (issue 25): they move to the
-- pending amount; the order rollups' triggers take them out of the refunded figures.
UPDATE "ord_order" o SET "refund_amount" = o."refund_amount" - p.amount, "refund_pending_amount" = p.amount
FROM (SELECT "order_id", sum("amount")::int AS amount FROM "ord_refund" WHERE "status" = 'initiated' AND "type" IN ('order', 'prepayment') GROUP BY "order_id") p
WHERE o."id" = p."order_id";
