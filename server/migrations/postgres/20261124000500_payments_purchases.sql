-- Payments settle purchases, not bookings (docs/decisions/010-payments-purchases.md): each
-- payment belongs to a purchase of a kind ('consultation' now, 'order' next) and says what it
-- is for within it ('purchase' for the purchase itself, or a kind's own, e.g. 'change_fee').
-- pay_by: when the purchase stops waiting for the payment (a booking's hold end), if ever;
-- unpaid payments past it are cancelled, and looked up at Stripe just before it.
-- Every existing payment becomes its booking's, of kind 'consultation'.
ALTER TABLE payments RENAME COLUMN booking_id TO purchase_id;
ALTER TABLE payments ADD COLUMN purchase_kind TEXT;
ALTER TABLE payments ADD COLUMN pay_by BIGINT;

UPDATE payments SET purchase_kind = 'consultation', purpose = CASE WHEN purpose = 'booking' THEN 'purchase' ELSE purpose END;
-- A held booking's payment waits until the hold ends (an expired hold keeps its end; a
-- confirmed or cancelled booking has none, and its payment waits for nothing).
UPDATE payments SET pay_by = b.hold_expires_at
FROM consultation_bookings b
WHERE b.id = payments.purchase_id AND payments.purpose = 'purchase';

ALTER TABLE payments ALTER COLUMN purchase_kind SET NOT NULL;

DROP INDEX payments_booking;
CREATE INDEX payments_purchase ON payments (purchase_kind, purchase_id, purpose);
CREATE INDEX payments_unpaid ON payments (status, pay_by);
