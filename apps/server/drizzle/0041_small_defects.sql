CREATE TABLE "sys_rate_limit" (
	"scope" varchar(48) NOT NULL,
	"key" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sys_rate_limit_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "net_cooperation" ADD COLUMN "member_id" bigint;--> statement-breakpoint
ALTER TABLE "ord_payment" ADD COLUMN "charged" integer;--> statement-breakpoint
ALTER TABLE "net_cooperation" ADD CONSTRAINT "net_cooperation_member_id_net_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."net_member"("id") ON DELETE set null ON UPDATE no action;