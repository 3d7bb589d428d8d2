-- Extended functions now gate their features (issue 25, docs/decisions.md "Extended functions").
-- Before, coupons, order separation, cable packages and Bluetooth chargers worked while their
-- function said "closed". An install that already runs one of them keeps it running: the function
-- is activated where its records exist. A new install has no sys_extension rows yet (they are
-- seeded after the migrations), so nothing changes there: every function starts closed.
UPDATE sys_extension SET status = 'activated', activated_at = now(), updated_at = now()
 WHERE status = 'closed' AND (
       (code = 'coupons' AND EXISTS (SELECT 1 FROM cp_coupon))
    OR (code = 'orderSeparation' AND EXISTS (SELECT 1 FROM sep_rule WHERE status <> 'deleted'))
    OR (code = 'cablePackages' AND EXISTS (SELECT 1 FROM acc_cable))
    OR (code = 'bluetoothChargers' AND EXISTS (SELECT 1 FROM acc_bluetooth))
    OR (code = 'advertising' AND (EXISTS (SELECT 1 FROM sys_banner WHERE enabled) OR EXISTS (SELECT 1 FROM sys_device_scene WHERE img IS NOT NULL))));
