//! Where the consultation happens (docs/decisions/014-consultants-deliver.md): a link made from
//! `CONSULTATION_MEETING_URL_TEMPLATE` with an unguessable code, unless the consultant set
//! another link or a phone number for the booking.

use rand::RngCore;

use super::super::model::{BookingRow, BookingStatus};
use crate::config::Config;

/// 128 random bits, as 32 lowercase hexadecimal digits (safe in any URL).
pub fn new_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The meeting's link and phone as the traveller and the consultant see them; only a confirmed
/// booking has a place to meet.
pub fn place(config: &Config, booking: &BookingRow) -> (Option<String>, Option<String>) {
    if booking.status != BookingStatus::Confirmed {
        return (None, None);
    }
    let generated = || {
        let template = &config.consultations.meeting_url_template;
        booking.meeting_code.as_deref().filter(|_| !template.is_empty()).map(|code| template.replace("{code}", code))
    };
    let url = match (&booking.meeting_url, &booking.meeting_phone) {
        (Some(url), _) => Some(url.clone()),
        (None, Some(_)) => None,
        (None, None) => generated(),
    };
    (url, booking.meeting_phone.clone())
}
