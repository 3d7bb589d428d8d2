-- What a partner owes (docs/decisions.md, "What a partner owes"): a partner payable never stays
-- below zero. Before this, a refund approved after a partner withdrew its share took the share back
-- anyway and left the payable negative. Each such account is brought to zero here and the
-- difference booked as owed by the partner, exactly as the server now does after every reversal:
-- one movement per account, kind `receivable`, memo `partnerOwes`, key `owed:migration:<account>`,
-- receivable Dr / payable Cr, naming no order (the order's shares and the financial data stay as
-- they were posted). Nothing else moves; the books still balance.
WITH short AS (
  SELECT account, min(account_kind) AS kind, min(party_id) AS party_id, sum(debit) - sum(credit) AS amount
  FROM "led_entry"
  WHERE account_kind IN ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'operatorPayable') AND party_id IS NOT NULL
  GROUP BY account
  HAVING sum(debit) - sum(credit) > 0
), owed AS (
  SELECT s.*, replace(s.kind, 'Payable', 'Receivable') AS receivable_kind, replace(s.kind, 'Payable', 'Receivable') || ':' || s.party_id AS receivable
  FROM short s
), moved AS (
  INSERT INTO "led_transaction" ("key", "kind", "order_no", "outlet_id", "memo", "fingerprint")
  SELECT 'owed:migration:' || o.account, 'receivable', NULL, NULL, 'partnerOwes',
    encode(sha256(convert_to(format('[["%s",%s,0],["%s",0,%s]]', o.receivable, o.amount, o.account, o.amount), 'UTF8')), 'hex')
  FROM owed o ORDER BY o.account
  ON CONFLICT ("key") DO NOTHING
  RETURNING "id", "key"
)
INSERT INTO "led_entry" ("transaction_id", "account", "account_kind", "party_id", "debit", "credit", "order_no")
SELECT m.id, x.account, x.kind, o.party_id, x.debit, x.credit, NULL
FROM moved m
JOIN owed o ON m.key = 'owed:migration:' || o.account
CROSS JOIN LATERAL (VALUES (o.receivable, o.receivable_kind, o.amount, 0::bigint), (o.account, o.kind, 0::bigint, o.amount)) x(account, kind, debit, credit);
