-- One phone, one customer (issue 26, docs/decisions.md): every stored phone becomes canonical,
-- and members, app accounts and staff accounts whose phones turn out to be one are found.
--
-- canonical_phone(area, mobile) is packages/contract's canonicalPhone in SQL (phone-migration.test.ts
-- holds the two to the same answers and the same code list): the digits of both read as one
-- international number after leading zeros, the one ITU country calling code in front is the country,
-- the rest the national number without leading zeros (kept for 39, 378, 379, 225, 242); 4 to 14
-- digits, 15 in all. The demo's +999 (simulated customers) is kept as it is. NULL: no phone.
CREATE OR REPLACE FUNCTION canonical_phone(area text, mobile text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  codes text[] := ARRAY[
    '1', '7', '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
    '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90',
    '91', '92', '93', '94', '95', '98', '211', '212', '213', '216', '218', '220', '221', '222', '223', '224', '225', '226', '227', '228',
    '229', '230', '231', '232', '233', '234', '235', '236', '237', '238', '239', '240', '241', '242', '243', '244', '245', '246', '247', '248',
    '249', '250', '251', '252', '253', '254', '255', '256', '257', '258', '260', '261', '262', '263', '264', '265', '266', '267', '268', '269',
    '290', '291', '297', '298', '299', '350', '351', '352', '353', '354', '355', '356', '357', '358', '359', '370', '371', '372', '373', '374',
    '375', '376', '377', '378', '379', '380', '381', '382', '383', '385', '386', '387', '389', '420', '421', '423', '500', '501', '502', '503',
    '504', '505', '506', '507', '508', '509', '590', '591', '592', '593', '594', '595', '596', '597', '598', '599', '670', '672', '673', '674',
    '675', '676', '677', '678', '679', '680', '681', '682', '683', '685', '686', '687', '688', '689', '690', '691', '692', '850', '852', '853',
    '855', '856', '880', '886', '960', '961', '962', '963', '964', '965', '966', '967', '968', '970', '971', '972', '973', '974', '975', '976',
    '977', '992', '993', '994', '995', '996', '998'
  ];
  a text := regexp_replace(btrim(coalesce(area, '')), '^\+', '');
  m text := btrim(coalesce(mobile, ''));
  d text;
  cc text;
  n text;
BEGIN
  IF a !~ '^[0-9]*$' OR m !~ '^[0-9]+$' THEN RETURN NULL; END IF;
  a := regexp_replace(a, '^0+', '');
  IF a = '' THEN RETURN NULL; END IF;
  d := a || m;
  IF left(d, 3) = '999' THEN cc := '999';
  ELSIF left(d, 1) = ANY (codes) THEN cc := left(d, 1);
  ELSIF left(d, 2) = ANY (codes) THEN cc := left(d, 2);
  ELSIF left(d, 3) = ANY (codes) THEN cc := left(d, 3);
  ELSE RETURN NULL;
  END IF;
  n := substr(d, length(cc) + 1);
  IF NOT cc = ANY (ARRAY['39', '378', '379', '225', '242']) THEN n := regexp_replace(n, '^0+', ''); END IF;
  IF length(n) < 4 OR length(cc) + length(n) > 15 THEN RETURN NULL; END IF;
  RETURN ARRAY[cc, n];
END $$;
--> statement-breakpoint

-- Members. In each group of one canonical phone the oldest is kept: it is the customer from now on
-- (every sign-in lands there). The others are marked duplicate_of it and their sessions end; their
-- orders, deposits, coupons and ledger stay theirs as they were (re-pointing them is no safe SQL:
-- ledger accounts are one per party, open orders hold deposits), for staff to settle from the report.
-- A phone that is none is left as it was, reported with kept_id NULL.
INSERT INTO net_phone_duplicate (kind, row_id, kept_id, area_code_was, mobile_was, area_code, mobile)
SELECT 'member', id, CASE WHEN p IS NULL THEN NULL ELSE kept END, area_code, mobile, p[1], p[2]
  FROM (SELECT id, area_code, mobile, p, first_value(id) OVER (PARTITION BY p ORDER BY created_at, id) AS kept
          FROM (SELECT id, area_code, mobile, created_at, canonical_phone(area_code, mobile) AS p FROM net_member) c) g
 WHERE p IS NULL OR id <> kept;
--> statement-breakpoint
UPDATE net_member m SET duplicate_of = d.kept_id FROM net_phone_duplicate d WHERE d.kind = 'member' AND d.row_id = m.id AND d.kept_id IS NOT NULL;
--> statement-breakpoint
UPDATE net_member_session s SET revoked_at = now()
  FROM net_member m WHERE m.id = s.member_id AND m.duplicate_of IS NOT NULL AND s.revoked_at IS NULL;
--> statement-breakpoint
UPDATE net_member m SET area_code = c.p[1], mobile = c.p[2]
  FROM (SELECT id, canonical_phone(area_code, mobile) AS p FROM net_member) c
 WHERE c.id = m.id AND c.p IS NOT NULL AND (m.area_code <> c.p[1] OR m.mobile <> c.p[2]);
--> statement-breakpoint

-- App accounts (agents, pushers, providers, outlets, operators): each is its own party, so none is
-- merged; the younger of two with one phone no longer signs in by phone until staff give it one of
-- its own (its save clears duplicate_of).
INSERT INTO net_phone_duplicate (kind, row_id, kept_id, area_code_was, mobile_was, area_code, mobile)
SELECT 'appAccount', id, CASE WHEN p IS NULL THEN NULL ELSE kept END, area_code, mobile, p[1], p[2]
  FROM (SELECT id, area_code, mobile, p, first_value(id) OVER (PARTITION BY p ORDER BY created_at, id) AS kept
          FROM (SELECT id, area_code, mobile, created_at, canonical_phone(area_code, mobile) AS p FROM net_app_account) c) g
 WHERE p IS NULL OR id <> kept;
--> statement-breakpoint
UPDATE net_app_account a SET duplicate_of = d.kept_id FROM net_phone_duplicate d WHERE d.kind = 'appAccount' AND d.row_id = a.id AND d.kept_id IS NOT NULL;
--> statement-breakpoint
UPDATE net_app_account a SET area_code = c.p[1], mobile = c.p[2]
  FROM (SELECT id, canonical_phone(area_code, mobile) AS p FROM net_app_account) c
 WHERE c.id = a.id AND c.p IS NOT NULL AND (a.area_code <> c.p[1] OR a.mobile <> c.p[2]);
--> statement-breakpoint

-- Staff accounts: a mobile is optional there, so the younger of two with one phone loses it (the
-- report keeps it) and signs in by user name until it is given one of its own.
INSERT INTO net_phone_duplicate (kind, row_id, kept_id, area_code_was, mobile_was, area_code, mobile)
SELECT 'staff', id, CASE WHEN p IS NULL THEN NULL ELSE kept END, area_code, mobile, p[1], p[2]
  FROM (SELECT id, area_code, mobile, p, first_value(id) OVER (PARTITION BY p ORDER BY created_at, id) AS kept
          FROM (SELECT id, area_code, mobile, created_at, canonical_phone(area_code, mobile) AS p FROM sys_account
                 WHERE coalesce(mobile, '') <> '') c) g
 WHERE p IS NULL OR id <> kept;
--> statement-breakpoint
UPDATE sys_account a SET area_code = NULL, mobile = NULL FROM net_phone_duplicate d WHERE d.kind = 'staff' AND d.row_id = a.id AND d.kept_id IS NOT NULL;
--> statement-breakpoint
UPDATE sys_account a SET area_code = c.p[1], mobile = c.p[2]
  FROM (SELECT id, canonical_phone(area_code, mobile) AS p FROM sys_account WHERE coalesce(mobile, '') <> '') c
 WHERE c.id = a.id AND c.p IS NOT NULL AND (a.area_code IS DISTINCT FROM c.p[1] OR a.mobile <> c.p[2]);
--> statement-breakpoint

-- Phones that are contacts, not sign-ins: canonical where they are a phone, else as they were.
UPDATE out_outlet o SET area_code = c.p[1], manager_phone = c.p[2]
  FROM (SELECT id, canonical_phone(area_code, manager_phone) AS p FROM out_outlet WHERE manager_phone <> '') c
 WHERE c.id = o.id AND c.p IS NOT NULL AND (o.area_code <> c.p[1] OR o.manager_phone <> c.p[2]);
--> statement-breakpoint
UPDATE net_cooperation o SET area_code = c.p[1], phone = c.p[2]
  FROM (SELECT id, canonical_phone(area_code, phone) AS p FROM net_cooperation) c
 WHERE c.id = o.id AND c.p IS NOT NULL AND (o.area_code <> c.p[1] OR o.phone <> c.p[2]);
--> statement-breakpoint

-- Codes of the last day count towards their number's daily budget under its canonical key.
UPDATE sys_verify_code v SET target = c.p[1] || '-' || c.p[2]
  FROM (SELECT id, canonical_phone(split_part(target, '-', 1), split_part(target, '-', 2)) AS p
          FROM sys_verify_code WHERE created_at > now() - interval '1 day' AND target LIKE '%-%') c
 WHERE c.id = v.id AND c.p IS NOT NULL AND v.target <> c.p[1] || '-' || c.p[2];
