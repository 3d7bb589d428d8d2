CREATE TABLE "stat_order_cabinet_hour" (
	"hour" timestamp with time zone NOT NULL,
	"outlet_id" bigint NOT NULL,
	"sn" varchar(32) NOT NULL,
	"simulated" boolean NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"finished_count" bigint DEFAULT 0 NOT NULL,
	"ended_count" bigint DEFAULT 0 NOT NULL,
	"ended_minutes" bigint DEFAULT 0 NOT NULL,
	"d0" bigint DEFAULT 0 NOT NULL,
	"d1" bigint DEFAULT 0 NOT NULL,
	"d2" bigint DEFAULT 0 NOT NULL,
	"d3" bigint DEFAULT 0 NOT NULL,
	"d4" bigint DEFAULT 0 NOT NULL,
	"d5" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_cabinet_hour_hour_outlet_id_sn_simulated_pk" PRIMARY KEY("hour","outlet_id","sn","simulated")
);
--> statement-breakpoint
CREATE TABLE "stat_order_return_hour" (
	"hour" timestamp with time zone NOT NULL,
	"outlet_id" bigint NOT NULL,
	"sn" varchar(32) NOT NULL,
	"simulated" boolean NOT NULL,
	"return_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_return_hour_hour_outlet_id_sn_simulated_pk" PRIMARY KEY("hour","outlet_id","sn","simulated")
);
--> statement-breakpoint
CREATE INDEX "stat_order_cabinet_hour_outlet_idx" ON "stat_order_cabinet_hour" USING btree ("outlet_id","hour");--> statement-breakpoint
CREATE INDEX "stat_order_return_hour_outlet_idx" ON "stat_order_return_hour" USING btree ("outlet_id","hour");--> statement-breakpoint
CREATE INDEX "ord_order_end_idx" ON "ord_order" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "ord_order_archive_end_idx" ON "ord_order_archive" USING btree ("end_at");