CREATE INDEX "ord_order_bank_idx" ON "ord_order" USING btree ("power_bank_id");--> statement-breakpoint
CREATE INDEX "ord_order_archive_bank_idx" ON "ord_order_archive" USING btree ("power_bank_id");