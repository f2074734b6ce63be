//! Several consultants, each with their own zone, hours, languages and time off
//! (docs/decisions/014-consultants-deliver.md): a time is free when one who speaks the booker's
//! language is free, and a booking goes to the least booked of them that week.

pub mod seed;

use std::collections::BTreeSet;

use jiff::tz::TimeZone;
use sqlx::AnyConnection;

use super::db::{claims, consultants};
use super::hours::WeeklyHours;
use super::schedule::{cells, Schedule, Slot, CELL_SECS};
use crate::platform::i18n::Lang;
use crate::startup::AppState;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsultantRow {
    pub id: String,
    pub user_id: Option<String>,
    pub name: String,
    pub time_zone: String,
    pub weekly_hours: String,
    /// Comma-separated codes, e.g. `en,es`.
    pub languages: String,
    pub active: bool,
}

impl ConsultantRow {
    pub fn speaks(&self, lang: Lang) -> bool {
        self.language_list().contains(&lang)
    }

    pub fn language_list(&self) -> Vec<Lang> {
        self.languages.split(',').filter_map(|code| Lang::from_code(code.trim())).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOffRow {
    pub id: String,
    pub consultant_id: String,
    pub start_at: i64,
    pub end_at: i64,
    pub reason: String,
}

/// Who a staff member is as a consultant (the console's `/staff/me`).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct ConsultantCard {
    pub id: String,
    pub name: String,
    /// The zone of their hours (the agenda's).
    pub time_zone: String,
    pub languages: Vec<Lang>,
}

pub async fn consultant_card(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<ConsultantCard>> {
    Ok(consultants::of_user(conn, user_id).await?.map(|row| ConsultantCard {
        languages: row.language_list(),
        id: row.id,
        name: row.name,
        time_zone: row.time_zone,
    }))
}

/// One consultant's calendar: the site-wide rules in their zone and hours, and their time off.
#[derive(Debug, Clone)]
pub struct Member {
    pub row: ConsultantRow,
    pub schedule: Schedule,
    pub time_off: Vec<TimeOffRow>,
}

impl Member {
    /// Whether [start, end) (with the buffer) fits the hours and misses the time off, claims aside.
    pub fn offers(&self, start: i64, duration_secs: i64, now: i64) -> bool {
        self.row.active && self.schedule.is_start(start, duration_secs, now) && !self.is_off(start, start + duration_secs)
    }

    /// Whether an existing booking still fits (hours and time off; notice and horizon aside).
    pub fn still_fits(&self, start: i64, end: i64) -> bool {
        self.row.active && self.schedule.is_start(start, end - start, start - self.schedule.min_notice_secs) && !self.is_off(start, end)
    }

    fn is_off(&self, start: i64, end: i64) -> bool {
        let end = end + self.schedule.buffer_secs;
        self.time_off.iter().any(|off| off.start_at < end && start < off.end_at)
    }

    /// The cells the time off covers, as if claimed.
    fn off_cells(&self, from: i64, to: i64) -> impl Iterator<Item = i64> + '_ {
        self.time_off.iter().flat_map(move |off| {
            let first = off.start_at.max(from).div_euclid(CELL_SECS) * CELL_SECS;
            (0..).map(move |i| first + i * CELL_SECS).take_while(move |&cell| cell < off.end_at.min(to))
        })
    }
}

/// Everyone's calendars, read once per request.
#[derive(Debug, Clone)]
pub struct Team {
    pub members: Vec<Member>,
    /// The site's zone (the dates of the slots API).
    pub site: Schedule,
}

impl Team {
    pub async fn load(state: &AppState, conn: &mut AnyConnection, now: i64) -> sqlx::Result<Team> {
        let site = state.config.consultations.schedule();
        let rows = consultants::all(conn).await?;
        let time_off = consultants::time_off(conn, now - 86_400).await?;
        Ok(Team::build(site, rows, time_off))
    }

    pub fn build(site: Schedule, rows: Vec<ConsultantRow>, time_off: Vec<TimeOffRow>) -> Team {
        let members = rows
            .into_iter()
            .filter_map(|row| {
                // A row the console validated always parses; one that no longer does offers nothing.
                let zone = TimeZone::get(&row.time_zone).ok()?;
                let hours = WeeklyHours::parse(&row.weekly_hours).ok()?;
                let schedule = Schedule { zone, hours, ..site.clone() };
                let time_off = time_off.iter().filter(|off| off.consultant_id == row.id).cloned().collect();
                Some(Member { row, schedule, time_off })
            })
            .collect();
        Team { members, site }
    }

    pub fn member(&self, id: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.row.id == id)
    }

    fn speakers(&self, lang: Option<Lang>) -> impl Iterator<Item = &Member> {
        self.members.iter().filter(move |m| m.row.active && lang.is_none_or(|lang| m.row.speaks(lang)))
    }

    /// Free starts of the site's local dates `from..=to` for a booker speaking `lang`.
    pub async fn free_slots(
        &self,
        conn: &mut AnyConnection,
        lang: Option<Lang>,
        from: jiff::civil::Date,
        to: jiff::civil::Date,
        duration_secs: i64,
        now: i64,
    ) -> sqlx::Result<Vec<Slot>> {
        let (window_start, window_end) = (now, now + self.site.horizon_secs + 2 * 86_400);
        let first = self.site.day_start(from);
        let last = to.tomorrow().map(|d| self.site.day_start(d)).unwrap_or(i64::MAX);
        let mut slots = BTreeSet::new();
        for member in self.speakers(lang) {
            let mut taken = claims::taken(conn, &member.row.id, window_start, window_end, now).await?;
            taken.extend(member.off_cells(window_start, window_end));
            // A day more on each side: the member's local dates need not be the site's.
            let (local_from, local_to) = (member.schedule.local_date(first - 86_400), member.schedule.local_date(last + 86_400));
            slots.extend(
                member
                    .schedule
                    .free_slots(local_from, local_to, duration_secs, now, &taken)
                    .into_iter()
                    .filter(|slot| slot.start >= first && slot.start < last),
            );
        }
        Ok(slots.into_iter().collect())
    }

    /// Who could take [start, start + duration) for a booker speaking `lang`, least booked that
    /// week first (ties by id); claims are left to the claim's unique key. `keep` goes first
    /// (a booking that moves stays with its consultant when they can).
    pub async fn candidates(
        &self,
        conn: &mut AnyConnection,
        lang: Lang,
        start: i64,
        duration_secs: i64,
        now: i64,
        keep: Option<&str>,
    ) -> sqlx::Result<Vec<String>> {
        let week_start = self.site.week_start(start);
        let load = consultants::load(conn, week_start, week_start + 7 * 86_400, now).await?;
        let count = |id: &str| load.iter().find(|(c, _)| c == id).map_or(0, |(_, n)| *n);
        let mut ids: Vec<(bool, i64, String)> = self
            .speakers(Some(lang))
            .filter(|m| m.offers(start, duration_secs, now))
            .map(|m| (Some(m.row.id.as_str()) != keep, count(&m.row.id), m.row.id.clone()))
            .collect();
        ids.sort();
        Ok(ids.into_iter().map(|(_, _, id)| id).collect())
    }

    /// The cells a booking claims.
    pub fn cells(&self, start: i64, end: i64) -> Vec<i64> {
        cells(start, end, self.site.buffer_secs)
    }
}

impl super::input::Calendar for Team {
    /// Whether anyone offers this start (claims and language aside): the form's check.
    fn offers(&self, start: i64, duration_secs: i64, now: i64) -> bool {
        self.speakers(None).any(|m| m.offers(start, duration_secs, now))
    }
}
