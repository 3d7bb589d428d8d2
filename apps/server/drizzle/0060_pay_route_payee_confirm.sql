DROP INDEX "ord_pay_route_created_idx";--> statement-breakpoint
ALTER TABLE "ord_pay_route" ADD COLUMN "payee_confirm" jsonb;