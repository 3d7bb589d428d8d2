ALTER TABLE "ord_refund" ADD COLUMN "creator_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "request_key" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "approvals_needed" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "first_approver_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "first_approver" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "second_approver_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "second_approver" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "second_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "rejected_by" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "reject_reason" varchar(64);--> statement-breakpoint
ALTER TABLE "ord_refund" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ord_refund_request_key_uq" ON "ord_refund" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "ord_refund_status_idx" ON "ord_refund" USING btree ("status","created_at");