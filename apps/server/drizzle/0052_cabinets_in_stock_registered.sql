-- One way in (docs/decisions.md): a cabinet the assets know is a cabinet the fleet knows. Cabinets
-- put in stock before the put-in registered them get their fleet row now, dated when the assets
-- first knew them, so they can be bound without a second stock-in. Known ones are left as they are.
INSERT INTO "dev_cabinet" ("sn", "stocked_in_at")
SELECT "device_id", "created_at" FROM "ast_device" WHERE "device_type" = 'cabinet'
ON CONFLICT ("sn") DO NOTHING;
