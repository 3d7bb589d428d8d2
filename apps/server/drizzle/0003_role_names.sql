-- Role names become unique as people read them. A name that reads as a seeded role's name in
-- any language is the same name as that role's key. Where two roles read alike, the first (the
-- seeded one, else the oldest) keeps the name and each other one gets its id appended
-- ("超级管理员 #7"): no role, grant or account is lost, and the operator can rename it.
WITH canon AS (
  SELECT id, name, CASE WHEN lower(trim(name)) IN ('role.superadmin', '超级管理员', '超級管理員', 'super administrator') THEN 'role.superAdmin' WHEN lower(trim(name)) IN ('role.finance', '财务', '財務', 'finance') THEN 'role.finance' WHEN lower(trim(name)) IN ('role.operations', '运营', '營運', 'operations') THEN 'role.operations' WHEN lower(trim(name)) IN ('role.customerservice', '客服', '客服', 'customer service') THEN 'role.customerService' ELSE lower(name) END AS k FROM sys_role
), ranked AS (
  SELECT id, row_number() OVER (PARTITION BY k ORDER BY (name LIKE 'role.%') DESC, id) AS n FROM canon
)
UPDATE sys_role r SET name = left(r.name, 32 - length(' #' || r.id::text)) || ' #' || r.id::text
  FROM ranked WHERE ranked.id = r.id AND ranked.n > 1;
--> statement-breakpoint
UPDATE sys_role SET name = 'role.superAdmin' WHERE lower(trim(name)) IN ('role.superadmin', '超级管理员', '超級管理員', 'super administrator') AND name <> 'role.superAdmin';
--> statement-breakpoint
UPDATE sys_role SET name = 'role.finance' WHERE lower(trim(name)) IN ('role.finance', '财务', '財務', 'finance') AND name <> 'role.finance';
--> statement-breakpoint
UPDATE sys_role SET name = 'role.operations' WHERE lower(trim(name)) IN ('role.operations', '运营', '營運', 'operations') AND name <> 'role.operations';
--> statement-breakpoint
UPDATE sys_role SET name = 'role.customerService' WHERE lower(trim(name)) IN ('role.customerservice', '客服', 'customer service') AND name <> 'role.customerService';
--> statement-breakpoint
-- Seeded remarks are keys too, read in the viewer's language.
UPDATE sys_role SET remark = 'roleRemark.superAdmin' WHERE remark = 'Holds every menu and every interface';
--> statement-breakpoint
UPDATE sys_role SET remark = 'roleRemark.finance' WHERE remark = 'Money: fund flows, refunds, withdrawals, financial statistics';
--> statement-breakpoint
UPDATE sys_role SET remark = 'roleRemark.operations' WHERE remark = 'Outlets, devices, orders and the staff who run them';
--> statement-breakpoint
UPDATE sys_role SET remark = 'roleRemark.customerService' WHERE remark = 'Users, orders and feedback, to answer customers';
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_name_uq" ON "sys_role" USING btree (lower("name"));