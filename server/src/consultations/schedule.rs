//! Availability as a pure function: which starts a consultation of a given length may take,
//! from the weekly hours in the consultants' zone, the notice and horizon, blocked dates and
//! the 15-minute cells already claimed. Instants are Unix seconds (UTC); only the local
//! calendar (dates, wall-clock hours) goes through the time zone.

use std::collections::BTreeSet;

use jiff::civil::{Date, DateTime};
use jiff::tz::{AmbiguousOffset, TimeZone};
use jiff::Timestamp;

use super::hours::WeeklyHours;

/// The claim granularity: every booking claims the 15-minute cells it covers.
pub const CELL_SECS: i64 = 15 * 60;
/// Starts are offered every 30 minutes from the start of each range of hours.
pub const STEP_MINUTES: i64 = 30;

/// A bookable interval, in Unix seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    pub start: i64,
    pub end: i64,
}

/// The rules of the calendar (from the configuration).
#[derive(Debug, Clone)]
pub struct Schedule {
    pub zone: TimeZone,
    pub hours: WeeklyHours,
    pub min_notice_secs: i64,
    pub horizon_secs: i64,
    pub buffer_secs: i64,
    pub blocked: BTreeSet<Date>,
}

/// The cells (their start instants) that a booking of [start, end) claims with its buffer.
pub fn cells(start: i64, end: i64, buffer_secs: i64) -> Vec<i64> {
    let first = start.div_euclid(CELL_SECS) * CELL_SECS;
    (0..).map(|i| first + i * CELL_SECS).take_while(|&cell| cell < end + buffer_secs).collect()
}

impl Schedule {
    /// The local calendar date of an instant.
    pub fn local_date(&self, at: i64) -> Date {
        Timestamp::from_second(at).map(|t| self.zone.to_datetime(t).date()).unwrap_or(Date::MIN)
    }

    /// The instant a local date begins (its first instant, across a DST gap at midnight).
    pub fn day_start(&self, date: Date) -> i64 {
        self.zone.to_ambiguous_timestamp(date.at(0, 0, 0, 0)).compatible().map_or(0, Timestamp::as_second)
    }

    /// The instant the local week (from Monday) of `at` begins.
    pub fn week_start(&self, at: i64) -> i64 {
        let date = self.local_date(at);
        let back = i64::from(date.weekday().to_monday_zero_offset());
        let monday = date.checked_sub(jiff::Span::new().days(back)).unwrap_or(date);
        self.day_start(monday)
    }

    /// Today in the consultants' zone.
    pub fn today(&self, now: i64) -> Date {
        self.local_date(now)
    }

    /// The instant of a local wall-clock time, or None when the clock skips it (a DST gap).
    /// In a fold (the clock repeats an hour) the earlier instant is used.
    fn instant(&self, date: Date, minute: i64) -> Option<i64> {
        let (day, minute) = if minute >= 1440 { (date.tomorrow().ok()?, minute - 1440) } else { (date, minute) };
        let local: DateTime = day.at((minute / 60) as i8, (minute % 60) as i8, 0, 0);
        let ambiguous = self.zone.to_ambiguous_timestamp(local);
        match ambiguous.offset() {
            AmbiguousOffset::Gap { .. } => None,
            _ => ambiguous.earlier().ok().map(Timestamp::as_second),
        }
    }

    /// The instant the hours close; a closing time the clock skips closes when the clock resumes.
    fn closing(&self, date: Date, minute: i64) -> Option<i64> {
        let (day, minute) = if minute >= 1440 { (date.tomorrow().ok()?, minute - 1440) } else { (date, minute) };
        let local: DateTime = day.at((minute / 60) as i8, (minute % 60) as i8, 0, 0);
        self.zone.to_ambiguous_timestamp(local).compatible().ok().map(Timestamp::as_second)
    }

    /// Starts of a `duration_secs` consultation on a local date by the hours, notice, horizon
    /// and blocked dates alone (claims are not looked at).
    pub fn starts_on(&self, date: Date, duration_secs: i64, now: i64) -> Vec<Slot> {
        if self.blocked.contains(&date) {
            return Vec::new();
        }
        let earliest = now + self.min_notice_secs;
        let latest = now + self.horizon_secs;
        let weekday = date.weekday().to_monday_zero_offset() as usize;
        let mut slots = Vec::new();
        for &(open, close) in self.hours.ranges(weekday) {
            let Some(closing) = self.closing(date, i64::from(close)) else { continue };
            let mut minute = i64::from(open);
            while minute < i64::from(close) {
                if let Some(start) = self.instant(date, minute) {
                    let end = start + duration_secs;
                    if end <= closing && start >= earliest && start <= latest {
                        slots.push(Slot { start, end });
                    }
                }
                minute += STEP_MINUTES;
            }
        }
        slots.sort_unstable();
        slots.dedup();
        slots
    }

    /// Whether `start` is a start the calendar offers for this duration (claims aside).
    pub fn is_start(&self, start: i64, duration_secs: i64, now: i64) -> bool {
        self.starts_on(self.local_date(start), duration_secs, now).iter().any(|slot| slot.start == start)
    }

    /// The free slots of the local dates `from..=to`: offered starts whose cells (with the
    /// buffer) are not in `taken`.
    pub fn free_slots(&self, from: Date, to: Date, duration_secs: i64, now: i64, taken: &BTreeSet<i64>) -> Vec<Slot> {
        let mut slots = Vec::new();
        let mut date = from;
        while date <= to {
            slots.extend(
                self.starts_on(date, duration_secs, now)
                    .into_iter()
                    .filter(|slot| cells(slot.start, slot.end, self.buffer_secs).iter().all(|cell| !taken.contains(cell))),
            );
            match date.tomorrow() {
                Ok(next) => date = next,
                Err(_) => break,
            }
        }
        slots
    }

    /// The last local date a start may fall on.
    pub fn last_date(&self, now: i64) -> Date {
        self.local_date(now + self.horizon_secs)
    }
}

#[cfg(test)]
mod tests;
