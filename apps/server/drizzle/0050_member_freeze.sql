CREATE TABLE "net_member_freeze" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"reason" varchar(32),
	"operator_id" bigint,
	"operator_name" varchar(18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "net_member_freeze" ADD CONSTRAINT "net_member_freeze_member_id_net_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."net_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "net_member_freeze_member_idx" ON "net_member_freeze" USING btree ("member_id","created_at");