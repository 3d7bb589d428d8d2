-- Coupon scope "operator" named an outlet's service provider until it came to mean the spec's
-- "operator (direct-sales team)": its scope_id is now a team's id. A coupon saved before names a
-- provider's id, which read as a team's would hold at some other team's outlets (or nowhere), and
-- its copies were given to customers with the provider's outlets as their terms. So those coupons
-- and their copies move to scope "provider", which still holds at the provider's outlets; staff
-- can no longer choose it for a new coupon (docs/decisions.md, "Coupons and code batches").
UPDATE "cp_coupon" SET "scope" = 'provider' WHERE "scope" = 'operator';--> statement-breakpoint
UPDATE "cp_user_coupon" SET "scope" = 'provider' WHERE "scope" = 'operator';
