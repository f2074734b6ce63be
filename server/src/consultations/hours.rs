//! Weekly working hours in the consultants' zone, e.g. `mon-fri 09:00-17:00` or
//! `mon-thu 09:00-12:00,14:00-18:00; fri 09:00-13:00` (`24:00` ends a day).

use std::fmt;

const DAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// Minutes after local midnight, 0..=1440.
pub type Minute = u16;

#[derive(Clone, PartialEq, Eq)]
pub struct WeeklyHours {
    /// Per weekday (Monday first): sorted, non-overlapping [start, end) ranges.
    days: [Vec<(Minute, Minute)>; 7],
    text: String,
}

impl fmt::Debug for WeeklyHours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl WeeklyHours {
    pub fn parse(raw: &str) -> Result<WeeklyHours, String> {
        let mut days: [Vec<(Minute, Minute)>; 7] = Default::default();
        for entry in raw.split(';').map(str::trim).filter(|e| !e.is_empty()) {
            let (day_part, ranges) = entry
                .split_once(char::is_whitespace)
                .ok_or_else(|| format!("{entry:?}: expected days then hours, e.g. mon-fri 09:00-17:00"))?;
            let ranges: Vec<(Minute, Minute)> = ranges.split(',').map(|r| parse_range(r.trim())).collect::<Result<_, _>>()?;
            for day in parse_days(day_part)? {
                days[day].extend(ranges.iter().copied());
            }
        }
        for ranges in &mut days {
            ranges.sort_unstable();
            if ranges.windows(2).any(|pair| pair[0].1 > pair[1].0) {
                return Err("hour ranges of one day overlap".into());
            }
        }
        if days.iter().all(Vec::is_empty) {
            return Err("no working hours at all".into());
        }
        Ok(WeeklyHours { days, text: raw.trim().to_owned() })
    }

    /// The hours as written (the form the console edits).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The ranges of a weekday, 0 = Monday.
    pub fn ranges(&self, monday_zero: usize) -> &[(Minute, Minute)] {
        &self.days[monday_zero]
    }
}

fn parse_days(raw: &str) -> Result<Vec<usize>, String> {
    let index = |name: &str| {
        DAYS.iter().position(|d| d.eq_ignore_ascii_case(name)).ok_or_else(|| format!("{name:?} is not a day (mon, tue, … sun)"))
    };
    let mut out = Vec::new();
    for part in raw.split(',') {
        match part.split_once('-') {
            Some((first, last)) => {
                let (first, last) = (index(first)?, index(last)?);
                if first > last {
                    return Err(format!("{part:?}: days run Monday to Sunday"));
                }
                out.extend(first..=last);
            }
            None => out.push(index(part)?),
        }
    }
    Ok(out)
}

fn parse_range(raw: &str) -> Result<(Minute, Minute), String> {
    let (start, end) = raw.split_once('-').ok_or_else(|| format!("{raw:?}: expected HH:MM-HH:MM"))?;
    let (start, end) = (parse_time(start)?, parse_time(end)?);
    if start >= end {
        return Err(format!("{raw:?}: the range must end after it starts"));
    }
    Ok((start, end))
}

fn parse_time(raw: &str) -> Result<Minute, String> {
    let bad = || format!("{raw:?} is not a time HH:MM");
    let (h, m) = raw.trim().split_once(':').ok_or_else(bad)?;
    if h.len() != 2 || m.len() != 2 {
        return Err(bad());
    }
    let (h, m): (u16, u16) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    match (h, m) {
        (24, 0) => Ok(1440),
        (0..=23, 0..=59) => Ok(h * 60 + m),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_and_split_days() {
        let hours = WeeklyHours::parse("mon-fri 09:00-17:00").unwrap();
        assert_eq!(hours.ranges(0), &[(540, 1020)]);
        assert_eq!(hours.ranges(4), &[(540, 1020)]);
        assert!(hours.ranges(5).is_empty() && hours.ranges(6).is_empty());

        let split = WeeklyHours::parse("mon,wed 14:00-18:00,09:00-12:00; sat 10:00-24:00").unwrap();
        assert_eq!(split.ranges(0), &[(540, 720), (840, 1080)]);
        assert!(split.ranges(1).is_empty());
        assert_eq!(split.ranges(5), &[(600, 1440)]);
    }

    #[test]
    fn bad_hours_are_refused() {
        for bad in [
            "",
            "mon",
            "fri-mon 09:00-17:00",
            "mon 17:00-09:00",
            "mon 9:00-17:00",
            "mon 09:00-24:30",
            "xyz 09:00-10:00",
            "mon 09:00-12:00,11:00-13:00",
        ] {
            assert!(WeeklyHours::parse(bad).is_err(), "{bad}");
        }
    }
}
