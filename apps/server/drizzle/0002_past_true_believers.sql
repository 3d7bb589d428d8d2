CREATE TABLE "sys_login_guard" (
	"subject" varchar(100) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_fail_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"trusted_at" timestamp with time zone,
	CONSTRAINT "sys_login_guard_subject_ip_pk" PRIMARY KEY("subject","ip")
);
--> statement-breakpoint
CREATE INDEX "sys_login_guard_last_fail_idx" ON "sys_login_guard" USING btree ("last_fail_at");