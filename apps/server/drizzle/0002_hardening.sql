CREATE TABLE "sys_login_guard" (
	"subject" varchar(100) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_fail_at" timestamp with time zone,
	"inflight" integer DEFAULT 0 NOT NULL,
	"inflight_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"trusted_at" timestamp with time zone,
	CONSTRAINT "sys_login_guard_subject_ip_pk" PRIMARY KEY("subject","ip")
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" varchar(255) NOT NULL,
	"owner_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_file_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "sys_upload_quota" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"day_bytes" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"minute_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_login_guard_last_fail_idx" ON "sys_login_guard" USING btree ("last_fail_at");--> statement-breakpoint
CREATE INDEX "sys_file_created_idx" ON "sys_file" USING btree ("created_at");