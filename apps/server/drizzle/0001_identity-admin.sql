CREATE TABLE "sys_org" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"name" varchar(32) NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_account" ADD COLUMN "org_id" bigint;--> statement-breakpoint
CREATE INDEX "sys_org_parent_idx" ON "sys_org" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_org_sibling_name_uq" ON "sys_org" USING btree ("parent_id","name");--> statement-breakpoint
ALTER TABLE "sys_account" ADD CONSTRAINT "sys_account_org_id_sys_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_org"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_account_org_idx" ON "sys_account" USING btree ("org_id");