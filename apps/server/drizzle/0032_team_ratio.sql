ALTER TABLE "net_team" ADD COLUMN "ratio" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "net_team" ADD CONSTRAINT "net_team_ratio_ck" CHECK ("net_team"."ratio" between 0 and 100);