CREATE TABLE "rcn_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"ident" varchar(120) NOT NULL,
	"result" varchar(14) NOT NULL,
	"op" varchar(8) NOT NULL,
	"key" varchar(96) NOT NULL,
	"reference" varchar(64),
	"provider_amount" integer,
	"books_amount" integer,
	"fee" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"explained_by" varchar(64),
	"explained_at" timestamp with time zone,
	"reason" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "rcn_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"provider" varchar(16) NOT NULL,
	"status" varchar(8) NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"provider_only" integer DEFAULT 0 NOT NULL,
	"books_only" integer DEFAULT 0 NOT NULL,
	"amount_differs" integer DEFAULT 0 NOT NULL,
	"books_pending" integer DEFAULT 0 NOT NULL,
	"unexplained" integer DEFAULT 0 NOT NULL,
	"provider_net" bigint DEFAULT 0 NOT NULL,
	"books_net" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"run_by" varchar(64) NOT NULL,
	"runs" integer DEFAULT 1 NOT NULL,
	"error" varchar(200),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rcn_line" ADD CONSTRAINT "rcn_line_run_id_rcn_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."rcn_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rcn_line_ident_uq" ON "rcn_line" USING btree ("run_id","ident");--> statement-breakpoint
CREATE INDEX "rcn_line_run_idx" ON "rcn_line" USING btree ("run_id","result");--> statement-breakpoint
CREATE UNIQUE INDEX "rcn_run_day_provider_uq" ON "rcn_run" USING btree ("day","provider");--> statement-breakpoint
CREATE INDEX "rcn_run_open_idx" ON "rcn_run" USING btree ("day") WHERE unexplained > 0;