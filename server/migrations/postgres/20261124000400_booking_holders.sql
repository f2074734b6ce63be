-- Who is holding a time while it is unpaid (issue 10, "free holds"): the client's rate-limit
-- key (an IPv4 address or an IPv6 /64), kept only while the booking is held and cleared when
-- it is confirmed, cancelled or expired. Live holds are counted per client and per e-mail.
ALTER TABLE consultation_bookings ADD COLUMN holder_key TEXT;
CREATE INDEX consultation_bookings_live_holder ON consultation_bookings (holder_key, status, hold_expires_at);
CREATE INDEX consultation_bookings_live_email ON consultation_bookings (email, status, hold_expires_at);
