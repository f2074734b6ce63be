//! Durations written the way GoTrue's settings and admin API write them: Go's `24h`, `90m`,
//! `1h30m`, `45s`; settings also take a plain number of seconds.

use std::time::Duration;

/// A Go duration made of whole hours, minutes and seconds (`24h`, `1h30m`), in seconds.
pub fn parse_go_duration(raw: &str) -> Option<i64> {
    let (mut total, mut number) = (0i64, String::new());
    for c in raw.chars() {
        match c {
            '0'..='9' => number.push(c),
            'h' | 'm' | 's' if !number.is_empty() => {
                let unit = match c {
                    'h' => 3600,
                    'm' => 60,
                    _ => 1,
                };
                total = total.checked_add(number.parse::<i64>().ok()?.checked_mul(unit)?)?;
                number.clear();
            }
            _ => return None,
        }
    }
    (number.is_empty() && !raw.is_empty()).then_some(total)
}

/// A setting's duration: whole seconds (`3600`) or a Go duration (`1h`). `0` is allowed and
/// means "no limit" where the setting says so.
pub fn parse_setting(raw: &str) -> Result<Duration, String> {
    let raw = raw.trim();
    let secs = match raw.parse::<u64>() {
        Ok(secs) => Some(secs),
        Err(_) => parse_go_duration(raw).and_then(|secs| u64::try_from(secs).ok()),
    };
    secs.map(Duration::from_secs).ok_or_else(|| "must be whole seconds (3600) or a duration such as 24h, 30m or 1h30m".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations_read_like_go() {
        assert_eq!(parse_go_duration("24h"), Some(86400));
        assert_eq!(parse_go_duration("1h30m"), Some(5400));
        assert_eq!(parse_go_duration("45s"), Some(45));
        assert_eq!(parse_go_duration("10"), None);
        assert_eq!(parse_go_duration("1d"), None);
        assert_eq!(parse_go_duration(""), None);
    }

    #[test]
    fn settings_take_seconds_or_go_durations() {
        assert_eq!(parse_setting("3600"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_setting("24h"), Ok(Duration::from_secs(86400)));
        assert_eq!(parse_setting("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_setting("0"), Ok(Duration::ZERO));
        assert!(parse_setting("1 day").is_err());
        assert!(parse_setting("-5").is_err());
        assert!(parse_setting("").is_err());
    }
}
