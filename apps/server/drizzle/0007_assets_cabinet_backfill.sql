-- Cabinets stocked in by batch storage before the assets existed become device assets: out of stock
-- (in no warehouse), no model yet (putting one in a warehouse needs a cabinet model). Nothing is
-- changed on dev_cabinet; a cabinet already known to the assets is left as it is.
INSERT INTO "ast_device" ("device_id", "device_type", "state", "created_at", "updated_at")
SELECT "sn", 'cabinet', 'outOfStock', "stocked_in_at", "stocked_in_at" FROM "dev_cabinet"
ON CONFLICT ("device_id") DO NOTHING;
