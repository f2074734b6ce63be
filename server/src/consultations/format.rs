//! Dates and times as the e-mails write them, in the booker's language (money: `platform::money`).

use jiff::tz::TimeZone;
use jiff::Timestamp;

use crate::platform::i18n::Lang;
use crate::platform::words;

fn local(at: i64, zone: &TimeZone) -> jiff::civil::DateTime {
    zone.to_datetime(Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH))
}

/// "Tuesday, 24 November 2026" / "martes, 24 de noviembre de 2026" / "terça-feira, 24 de novembro de 2026".
pub fn date(at: i64, zone: &TimeZone, lang: Lang) -> String {
    let dt = local(at, zone);
    let weekday = dt.weekday().to_monday_zero_offset() as usize;
    words::weekday_date(lang, weekday, i32::from(dt.year()), dt.month() as u8, dt.day() as u8)
}

/// "09:00" in the zone.
pub fn clock(at: i64, zone: &TimeZone) -> String {
    let dt = local(at, zone);
    format!("{:02}:{:02}", dt.hour(), dt.minute())
}

/// The zone's offset at that instant: "UTC-5", "UTC+5:45", "UTC".
pub fn offset(at: i64, zone: &TimeZone) -> String {
    let seconds = zone.to_offset(Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH)).seconds();
    let (sign, abs) = if seconds < 0 { ('-', -seconds) } else { ('+', seconds) };
    match (abs / 3600, abs % 3600 / 60) {
        (0, 0) => "UTC".to_owned(),
        (hours, 0) => format!("UTC{sign}{hours}"),
        (hours, minutes) => format!("UTC{sign}{hours}:{minutes:02}"),
    }
}

/// "09:00–10:00 (UTC-5)".
pub fn span(start: i64, end: i64, zone: &TimeZone) -> String {
    format!("{}–{} ({})", clock(start, zone), clock(end, zone), offset(start, zone))
}

/// "2026-11-24 14:00–15:00 UTC".
pub fn utc_span(start: i64, end: i64) -> String {
    let (s, e) = (local(start, &TimeZone::UTC), local(end, &TimeZone::UTC));
    format!("{} {:02}:{:02}–{:02}:{:02} UTC", s.date(), s.hour(), s.minute(), e.hour(), e.minute())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_in_three_languages() {
        let bogota = TimeZone::get("America/Bogota").unwrap();
        let at = 1_795_528_800; // 2026-11-24T14:00:00Z
        assert_eq!(date(at, &bogota, Lang::En), "Tuesday, 24 November 2026");
        assert_eq!(date(at, &bogota, Lang::Es), "martes, 24 de noviembre de 2026");
        assert_eq!(date(at, &bogota, Lang::Pt), "terça-feira, 24 de novembro de 2026");
        assert_eq!(span(at, at + 3600, &bogota), "09:00–10:00 (UTC-5)");
        assert_eq!(utc_span(at, at + 3600), "2026-11-24 14:00–15:00 UTC");
        assert_eq!(offset(at, &TimeZone::get("Asia/Kathmandu").unwrap()), "UTC+5:45");
        assert_eq!(offset(at, &TimeZone::UTC), "UTC");
    }
}
