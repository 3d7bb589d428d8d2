ALTER TABLE "stat_order_hour_total" DROP CONSTRAINT "stat_order_hour_total_hour_simulated_pk";--> statement-breakpoint
ALTER TABLE "stat_order_hour_total" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_order_hour_total" ADD CONSTRAINT "stat_order_hour_total_hour_simulated_shard_pk" PRIMARY KEY("hour","simulated","shard");
