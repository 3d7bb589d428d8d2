CREATE TABLE "ord_pay_route" (
	"key" varchar(96) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_no" varchar(32) NOT NULL,
	"op" varchar(8) NOT NULL,
	"reference" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ord_pay_route_no_idx" ON "ord_pay_route" USING btree ("provider","provider_no");--> statement-breakpoint
CREATE INDEX "ord_pay_route_ref_idx" ON "ord_pay_route" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ord_pay_route_created_idx" ON "ord_pay_route" USING btree ("created_at");