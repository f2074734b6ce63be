//! Consultation settings (flattened into `Config`): the consultants' zone and hours, the hold,
//! notice, horizon, buffer and blocked dates, the change fee, where documents go, and limits.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::hours::WeeklyHours;
use super::schedule::Schedule;
use crate::config::parse_seconds;

#[derive(Debug, Clone, Args)]
pub struct ConsultationConfig {
    /// IANA time zone of the consultants' hours (America/Bogota is UTC-5 all year).
    #[arg(long = "consultation-time-zone", env = "CONSULTATION_TIME_ZONE", default_value = "America/Bogota", value_parser = parse_zone, global = true)]
    pub time_zone: TimeZone,

    /// Weekly hours in that zone, e.g. "mon-fri 09:00-17:00" or "mon-thu 09:00-13:00,14:00-18:00; fri 09:00-13:00".
    #[arg(long = "consultation-weekly-hours", env = "CONSULTATION_WEEKLY_HOURS", default_value = "mon-fri 09:00-17:00", value_parser = WeeklyHours::parse, global = true)]
    pub weekly_hours: WeeklyHours,

    /// Seconds a booking holds its time while the visitor pays.
    #[arg(long = "consultation-hold-secs", env = "CONSULTATION_HOLD_SECS", default_value = "900", value_parser = parse_seconds, global = true)]
    pub hold: Duration,

    /// Minimum seconds between booking and the consultation's start.
    #[arg(long = "consultation-min-notice-secs", env = "CONSULTATION_MIN_NOTICE_SECS", default_value = "86400", value_parser = parse_seconds, global = true)]
    pub min_notice: Duration,

    /// How many days ahead a consultation may be booked.
    #[arg(long = "consultation-horizon-days", env = "CONSULTATION_HORIZON_DAYS", default_value_t = 60, value_parser = clap::value_parser!(u16).range(1..=366), global = true)]
    pub horizon_days: u16,

    /// Free minutes kept after every consultation (a multiple of 15).
    #[arg(long = "consultation-buffer-minutes", env = "CONSULTATION_BUFFER_MINUTES", default_value = "0", value_parser = parse_buffer, global = true)]
    pub buffer_minutes: u16,

    /// Local dates without consultations, comma-separated YYYY-MM-DD.
    #[arg(long = "consultation-blocked-dates", env = "CONSULTATION_BLOCKED_DATES", value_delimiter = ',', value_parser = parse_date, global = true)]
    pub blocked_dates: Vec<Date>,

    /// Fee in USD cents for cancelling or rescheduling less than 24 h before the start.
    #[arg(long = "consultation-change-fee-cents", env = "CONSULTATION_CHANGE_FEE_CENTS", default_value_t = 1500, value_parser = clap::value_parser!(i64).range(0..=100_000), global = true)]
    pub change_fee_cents: i64,

    /// Seconds between sweeps that release expired holds.
    #[arg(long = "consultation-hold-sweep-secs", env = "CONSULTATION_HOLD_SWEEP_SECS", default_value = "30", value_parser = parse_seconds, global = true)]
    pub hold_sweep: Duration,

    /// Bookings one client address may start per hour.
    #[arg(long = "consultation-bookings-per-ip-hour", env = "CONSULTATION_BOOKINGS_PER_IP_HOUR", default_value_t = 120, global = true)]
    pub bookings_per_ip_hour: u32,

    /// Bookings one e-mail address may start per hour.
    #[arg(
        long = "consultation-bookings-per-email-hour",
        env = "CONSULTATION_BOOKINGS_PER_EMAIL_HOUR",
        default_value_t = 10,
        global = true
    )]
    pub bookings_per_email_hour: u32,

    /// Unpaid holds one client address (an IPv6 client: its /64) may keep running at once.
    #[arg(long = "consultation-live-holds-per-ip", env = "CONSULTATION_LIVE_HOLDS_PER_IP", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub live_holds_per_ip: u32,

    /// Unpaid holds one e-mail address may keep running at once.
    #[arg(long = "consultation-live-holds-per-email", env = "CONSULTATION_LIVE_HOLDS_PER_EMAIL", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub live_holds_per_email: u32,

    /// Bytes of travel documents one client address may attach to unpaid holds per hour.
    #[arg(long = "consultation-held-upload-bytes-per-ip-hour", env = "CONSULTATION_HELD_UPLOAD_BYTES_PER_IP_HOUR", default_value_t = 50 * 1024 * 1024, global = true)]
    pub held_upload_bytes_per_ip_hour: u64,

    /// The consultation's meeting link; `{code}` becomes an unguessable code per booking.
    /// Empty: no generated link (consultants set one per booking).
    #[arg(
        long = "consultation-meeting-url-template",
        env = "CONSULTATION_MEETING_URL_TEMPLATE",
        default_value = "https://meet.jit.si/rumbo-{code}",
        global = true
    )]
    pub meeting_url_template: String,

    /// Folder for travel documents (created when needed; never served).
    #[arg(long = "upload-dir", env = "UPLOAD_DIR", default_value = "./data/uploads", global = true)]
    pub upload_dir: PathBuf,
}

impl ConsultationConfig {
    pub fn schedule(&self) -> Schedule {
        Schedule {
            zone: self.time_zone.clone(),
            hours: self.weekly_hours.clone(),
            min_notice_secs: self.min_notice.as_secs() as i64,
            horizon_secs: i64::from(self.horizon_days) * 86_400,
            buffer_secs: i64::from(self.buffer_minutes) * 60,
            blocked: self.blocked_dates.iter().copied().collect::<BTreeSet<Date>>(),
        }
    }

    /// The zone's IANA name, as the API and e-mails show it.
    pub fn zone_name(&self) -> &str {
        self.time_zone.iana_name().unwrap_or("UTC")
    }
}

fn parse_zone(raw: &str) -> Result<TimeZone, String> {
    let zone = TimeZone::get(raw.trim()).map_err(|_| format!("{raw:?} is not an IANA time zone such as America/Bogota"))?;
    Ok(zone)
}

fn parse_buffer(raw: &str) -> Result<u16, String> {
    match raw.parse::<u16>() {
        Ok(minutes) if minutes % 15 == 0 && minutes <= 240 => Ok(minutes),
        _ => Err("must be a multiple of 15 minutes, at most 240".into()),
    }
}

fn parse_date(raw: &str) -> Result<Date, String> {
    raw.trim().parse::<Date>().map_err(|_| format!("{raw:?} is not a date YYYY-MM-DD"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse() {
        assert_eq!(parse_zone("America/Bogota").unwrap().iana_name(), Some("America/Bogota"));
        assert!(parse_zone("Mars/Olympus").is_err());
        assert_eq!(parse_buffer("15"), Ok(15));
        assert!(parse_buffer("10").is_err());
        assert_eq!(parse_date("2026-12-24").unwrap().to_string(), "2026-12-24");
        assert!(parse_date("24/12/2026").is_err());
    }
}
