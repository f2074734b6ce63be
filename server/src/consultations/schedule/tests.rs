use std::collections::{BTreeSet, HashSet};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;

const DAY: i64 = 86_400;

fn at(rfc3339: &str) -> i64 {
    rfc3339.parse::<Timestamp>().unwrap().as_second()
}

fn stamp(secs: i64) -> String {
    Timestamp::from_second(secs).unwrap().to_string()
}

fn date(text: &str) -> Date {
    text.parse().unwrap()
}

fn schedule(zone: &str, hours: &str) -> Schedule {
    Schedule {
        zone: TimeZone::get(zone).unwrap(),
        hours: WeeklyHours::parse(hours).unwrap(),
        min_notice_secs: DAY,
        horizon_secs: 60 * DAY,
        buffer_secs: 0,
        blocked: BTreeSet::new(),
    }
}

fn bogota() -> Schedule {
    schedule("America/Bogota", "mon-fri 09:00-17:00")
}

#[test]
fn a_weekday_offers_every_half_hour_that_fits_in_the_hours() {
    // Monday 2026-11-23, 07:00 in Bogota (UTC-5).
    let now = at("2026-11-23T12:00:00Z");
    let s = bogota();
    assert!(s.starts_on(date("2026-11-23"), 1800, now).is_empty(), "less than 24 h ahead");
    let tuesday = s.starts_on(date("2026-11-24"), 1800, now);
    assert_eq!(tuesday.len(), 16);
    assert_eq!((stamp(tuesday[0].start), stamp(tuesday[15].end)), ("2026-11-24T14:00:00Z".into(), "2026-11-24T22:00:00Z".into()));
    assert!(tuesday.windows(2).all(|w| w[1].start - w[0].start == 1800));
    assert_eq!(s.starts_on(date("2026-11-24"), 3600, now).len(), 15, "a 60-minute plan ends by 17:00");
    assert_eq!(s.starts_on(date("2026-11-24"), 5400, now).last().map(|slot| stamp(slot.start)), Some("2026-11-24T20:30:00Z".into()));
    for weekend in ["2026-11-28", "2026-11-29"] {
        assert!(s.starts_on(date(weekend), 1800, now).is_empty(), "{weekend}");
    }
}

#[test]
fn minimum_notice_cuts_into_the_next_day() {
    let s = bogota();
    // Monday 09:10 local: on Tuesday the first start 24 h ahead is 09:30.
    let slots = s.starts_on(date("2026-11-24"), 1800, at("2026-11-23T14:10:00Z"));
    assert_eq!(slots.len(), 15);
    assert_eq!(stamp(slots[0].start), "2026-11-24T14:30:00Z");
    // Exactly 24 h ahead is allowed.
    assert_eq!(s.starts_on(date("2026-11-24"), 1800, at("2026-11-23T14:00:00Z")).len(), 16);
    // Friday afternoon: nothing before Monday.
    let friday = at("2026-11-27T20:00:00Z");
    let free = s.free_slots(date("2026-11-27"), date("2026-12-01"), 1800, friday, &BTreeSet::new());
    assert_eq!(stamp(free[0].start), "2026-11-30T14:00:00Z");
}

#[test]
fn the_horizon_is_sixty_days() {
    let s = bogota();
    let now = at("2026-11-23T14:00:00Z");
    assert_eq!(s.last_date(now), date("2027-01-22"));
    let last_day = s.starts_on(date("2027-01-22"), 1800, now);
    assert_eq!(last_day.len(), 1, "only the start exactly 60 days ahead: {last_day:?}");
    assert_eq!(last_day[0].start, now + 60 * DAY);
    assert!(s.starts_on(date("2027-01-25"), 1800, now).is_empty());
    let all = s.free_slots(date("2026-11-23"), date("2027-02-28"), 1800, now, &BTreeSet::new());
    assert!(all.iter().all(|slot| slot.start >= now + DAY && slot.start <= now + 60 * DAY));
    // 43 full weekdays from 2026-11-24 to 2027-01-21, 16 starts each, plus the last one.
    assert_eq!(all.len(), 43 * 16 + 1);
}

#[test]
fn blocked_dates_offer_nothing() {
    let mut s = bogota();
    s.blocked.insert(date("2026-12-24"));
    let now = at("2026-12-01T12:00:00Z");
    assert!(s.starts_on(date("2026-12-24"), 1800, now).is_empty());
    assert_eq!(s.starts_on(date("2026-12-23"), 1800, now).len(), 16);
}

#[test]
fn claimed_cells_and_the_buffer_keep_times_apart() {
    let mut s = bogota();
    let now = at("2026-11-23T12:00:00Z");
    // A 60-minute booking 10:00-11:00 local (15:00Z-16:00Z) without buffer claims four cells.
    let booked = cells(at("2026-11-24T15:00:00Z"), at("2026-11-24T16:00:00Z"), 0);
    assert_eq!(booked.len(), 4);
    let taken: BTreeSet<i64> = booked.into_iter().collect();
    let starts = |s: &Schedule, taken: &BTreeSet<i64>, secs| -> Vec<String> {
        s.free_slots(date("2026-11-24"), date("2026-11-24"), secs, now, taken).iter().map(|slot| stamp(slot.start)).collect()
    };
    let free = starts(&s, &taken, 1800);
    assert!(free.contains(&"2026-11-24T14:30:00Z".into()) && free.contains(&"2026-11-24T16:00:00Z".into()));
    assert!(!free.contains(&"2026-11-24T15:00:00Z".into()) && !free.contains(&"2026-11-24T15:30:00Z".into()));
    assert!(!starts(&s, &taken, 5400).contains(&"2026-11-24T14:00:00Z".into()), "a 90-minute plan at 09:00 would overlap");

    // With a 15-minute buffer a booking also claims the quarter after it, so the time before
    // another booking stays free of consultations too.
    s.buffer_secs = 900;
    let taken: BTreeSet<i64> = cells(at("2026-11-24T15:00:00Z"), at("2026-11-24T16:00:00Z"), 900).into_iter().collect();
    assert_eq!(taken.len(), 5);
    let free = starts(&s, &taken, 1800);
    assert!(!free.contains(&"2026-11-24T14:30:00Z".into()), "09:30-10:00 plus its buffer reaches 10:15");
    assert!(!free.contains(&"2026-11-24T16:00:00Z".into()), "11:00 is inside the booking's buffer");
    assert!(free.contains(&"2026-11-24T16:30:00Z".into()) && free.contains(&"2026-11-24T14:00:00Z".into()));
}

#[test]
fn bogota_instants_do_not_move_when_other_zones_change_their_clocks() {
    // The US leaves daylight saving time on 2026-11-01 and Europe on 2026-10-25: a visitor in
    // New York or Lisbon sees a different local time, but the consultation's instant stays.
    let s = bogota();
    for day in ["2026-10-23", "2026-10-26", "2026-10-30", "2026-11-02"] {
        let now = at("2026-10-01T12:00:00Z");
        let slots = s.starts_on(date(day), 1800, now);
        assert_eq!(stamp(slots[0].start), format!("{day}T14:00:00Z"), "{day}");
    }
}

#[test]
fn hours_across_a_spring_forward_skip_the_missing_times() {
    // New York jumps from 02:00 to 03:00 on 2026-03-08 (a Sunday).
    let s = Schedule { min_notice_secs: 0, ..schedule("America/New_York", "sun 00:00-04:00") };
    let now = at("2026-03-01T00:00:00Z");
    let slots = s.starts_on(date("2026-03-08"), 1800, now);
    let starts: Vec<String> = slots.iter().map(|slot| stamp(slot.start)).collect();
    assert_eq!(
        starts,
        [
            "2026-03-08T05:00:00Z",
            "2026-03-08T05:30:00Z",
            "2026-03-08T06:00:00Z",
            "2026-03-08T06:30:00Z",
            "2026-03-08T07:00:00Z",
            "2026-03-08T07:30:00Z"
        ]
    );
    assert!(slots.iter().all(|slot| slot.end - slot.start == 1800));
    // 01:30 EST plus 90 minutes is 04:00 EDT: the close, so it fits exactly.
    assert_eq!(s.starts_on(date("2026-03-08"), 5400, now).last().map(|slot| stamp(slot.start)), Some("2026-03-08T06:30:00Z".into()));
}

#[test]
fn hours_across_a_fall_back_use_the_first_of_the_repeated_times() {
    // New York repeats 01:00-02:00 on 2026-11-01.
    let s = Schedule { min_notice_secs: 0, ..schedule("America/New_York", "sun 00:00-04:00") };
    let slots = s.starts_on(date("2026-11-01"), 1800, at("2026-10-25T00:00:00Z"));
    let starts: Vec<String> = slots.iter().map(|slot| stamp(slot.start)).collect();
    assert_eq!(starts.len(), 8);
    assert_eq!(starts[2], "2026-11-01T05:00:00Z", "01:00 EDT, the first 01:00");
    assert_eq!(starts[4], "2026-11-01T07:00:00Z", "02:00 EST");
    assert_eq!(slots.iter().collect::<HashSet<_>>().len(), 8);
}

#[test]
fn a_european_working_day_keeps_its_local_hours_across_the_change() {
    let s = Schedule { min_notice_secs: 0, ..schedule("Europe/Lisbon", "mon-sun 09:00-17:00") };
    let now = at("2026-03-20T00:00:00Z");
    let before = s.starts_on(date("2026-03-28"), 3600, now);
    let after = s.starts_on(date("2026-03-30"), 3600, now);
    assert_eq!((before.len(), after.len()), (15, 15));
    assert_eq!((stamp(before[0].start), stamp(after[0].start)), ("2026-03-28T09:00:00Z".into(), "2026-03-30T08:00:00Z".into()));
}

#[test]
fn cells_cover_the_booking_and_its_buffer() {
    assert_eq!(cells(0, 1800, 0), vec![0, 900]);
    assert_eq!(cells(0, 1800, 900), vec![0, 900, 1800]);
    // A start off the quarter grid (a zone at +05:45 keeps quarters, but be safe) rounds outward.
    assert_eq!(cells(600, 2400, 0), vec![0, 900, 1800]);
}

/// The brute-force reading of the rules: walk every quarter hour as an instant, look at its
/// local time, and keep it when every rule holds.
fn oracle(s: &Schedule, from: Date, to: Date, duration: i64, now: i64, taken: &BTreeSet<i64>) -> Vec<Slot> {
    let begin = s.zone.to_ambiguous_timestamp(from.at(0, 0, 0, 0)).earlier().unwrap().as_second() - DAY;
    let finish = s.zone.to_ambiguous_timestamp(to.at(0, 0, 0, 0)).earlier().unwrap().as_second() + 2 * DAY;
    let minutes = |dt: DateTime| i64::from(dt.hour()) * 60 + i64::from(dt.minute());
    let mut out = Vec::new();
    let mut t = begin.div_euclid(900) * 900;
    while t < finish {
        let local = s.zone.to_datetime(Timestamp::from_second(t).unwrap());
        let day = local.date();
        let first_of_its_local_time = (1..=180).all(|k| s.zone.to_datetime(Timestamp::from_second(t - 60 * k).unwrap()) != local);
        let m = minutes(local);
        let end = t + duration;
        let local_end = s.zone.to_datetime(Timestamp::from_second(end).unwrap());
        let end_minutes = if local_end.date() == day {
            minutes(local_end)
        } else if local_end.date() > day {
            1440 + minutes(local_end)
        } else {
            -1
        };
        let in_hours = s.hours.ranges(day.weekday().to_monday_zero_offset() as usize).iter().any(|&(open, close)| {
            let (open, close) = (i64::from(open), i64::from(close));
            m >= open && m < close && (m - open) % STEP_MINUTES == 0 && end_minutes <= close
        });
        let free = cells(t, end, s.buffer_secs).iter().all(|c| !taken.contains(c));
        if day >= from
            && day <= to
            && !s.blocked.contains(&day)
            && first_of_its_local_time
            && in_hours
            && t >= now + s.min_notice_secs
            && t <= now + s.horizon_secs
            && free
        {
            out.push(Slot { start: t, end });
        }
        t += 900;
    }
    out
}

#[test]
fn free_slots_match_the_rules_read_literally() {
    let zones = ["America/Bogota", "America/New_York", "Europe/Lisbon", "Australia/Sydney", "Asia/Kathmandu", "Australia/Lord_Howe"];
    let mut rng = StdRng::seed_from_u64(20261124);
    for case in 0..80 {
        let zone = zones[rng.gen_range(0..zones.len())];
        let hours = ["mon-fri 09:00-17:00", "mon-fri 09:00-12:00,13:30-18:00; sun 00:00-04:00", "mon-sun 00:00-24:00"][rng.gen_range(0..3)];
        let mut s = schedule(zone, hours);
        s.min_notice_secs = [0, 3600, DAY][rng.gen_range(0..3)];
        s.horizon_secs = rng.gen_range(3..20) * DAY;
        s.buffer_secs = [0, 900, 1800][rng.gen_range(0..3)];
        // Around the 2026 and 2027 clock changes of the northern and southern hemispheres.
        let now = at("2026-03-01T00:00:00Z") + rng.gen_range(0..400 * DAY) + rng.gen_range(0..96) * 900;
        let from = s.today(now).checked_add(jiff::Span::new().days(rng.gen_range(-1..4))).unwrap();
        let to = from.checked_add(jiff::Span::new().days(rng.gen_range(0..12))).unwrap();
        if rng.gen_bool(0.3) {
            s.blocked.insert(from.checked_add(jiff::Span::new().days(rng.gen_range(0..5))).unwrap());
        }
        let taken: BTreeSet<i64> = (0..rng.gen_range(0..60)).map(|_| (now.div_euclid(900) + rng.gen_range(0..1500)) * 900).collect();
        let duration = [1800, 3600, 5400][rng.gen_range(0..3)];
        let expected = oracle(&s, from, to, duration, now, &taken);
        let actual = s.free_slots(from, to, duration, now, &taken);
        assert_eq!(actual, expected, "case {case}: {zone} {hours} now={} from={from} to={to} duration={duration}", stamp(now));
        for slot in &actual {
            assert!(s.is_start(slot.start, duration, now), "case {case}: {slot:?} is a start");
        }
    }
}
