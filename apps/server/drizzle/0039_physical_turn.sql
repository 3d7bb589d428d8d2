CREATE TABLE "dev_physical_turn" (
	"sn" varchar(17) PRIMARY KEY NOT NULL,
	"command_id" varchar(40) NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_physical_turn" ADD CONSTRAINT "dev_physical_turn_sn_dev_cabinet_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."dev_cabinet"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_command_busy_idx" ON "dev_command" USING btree ("sn","created_at") WHERE state in ('pending', 'sent', 'acknowledged') or (type = 'eject' and state = 'expired' and confirmed_by_inventory is null);