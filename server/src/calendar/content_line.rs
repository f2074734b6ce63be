//! RFC 5545 §3.1 and §3.3.11: how values are escaped and how content lines are folded.

/// The longest a physical line may be, in octets, not counting its CRLF (RFC 5545 §3.1).
pub const MAX_LINE_OCTETS: usize = 75;

/// A TEXT value: backslash, semicolon and comma escaped, every line break (CRLF, LF or CR)
/// written as `\n`, and other control characters except tab dropped (§3.3.11 forbids them).
pub fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 8);
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push('\t'),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A parameter value (e.g. `CN`), always quoted: a double quote cannot appear inside one, so it
/// becomes a single quote, and control characters become spaces (§3.2: QSAFE-CHAR).
pub fn param(value: &str) -> String {
    let safe: String = value
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("\"{}\"", safe.trim())
}

/// A URI value (`mailto:`, `URL`): not TEXT-escaped, but it must stay on its logical line.
pub fn uri(value: &str) -> String {
    value.chars().filter(|c| !c.is_control()).collect()
}

/// Appends one content line to `out`, folded so that no physical line exceeds 75 octets: each
/// continuation starts with one space, and a fold never falls inside a UTF-8 character.
pub fn push_folded(out: &mut String, line: &str) {
    let mut rest = line;
    let mut limit = MAX_LINE_OCTETS;
    loop {
        if rest.len() <= limit {
            out.push_str(rest);
            out.push_str("\r\n");
            return;
        }
        let mut cut = limit;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        out.push_str(&rest[..cut]);
        out.push_str("\r\n ");
        rest = &rest[cut..];
        // The leading space of a continuation line counts towards its 75 octets.
        limit = MAX_LINE_OCTETS - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_the_specials_and_line_breaks() {
        assert_eq!(text(r"a\b;c,d"), r"a\\b\;c\,d");
        assert_eq!(text("one\r\ntwo\nthree\rfour"), r"one\ntwo\nthree\nfour");
        assert_eq!(text("tab\tand\u{7}bell"), "tab\tandbell");
        assert_eq!(text("São Paulo: ¿qué tal? 🙂"), "São Paulo: ¿qué tal? 🙂");
    }

    #[test]
    fn params_are_quoted_without_quotes_inside() {
        assert_eq!(param("Silva, Ana; \"Aninha\""), "\"Silva, Ana; 'Aninha'\"");
        assert_eq!(param("João\r\nBcc"), "\"João  Bcc\"");
    }

    #[test]
    fn folding_keeps_lines_short_and_characters_whole() {
        let mut out = String::new();
        let line = format!("DESCRIPTION:{}", "ação ".repeat(40));
        push_folded(&mut out, &line);
        for physical in out.split_terminator("\r\n") {
            assert!(physical.len() <= MAX_LINE_OCTETS, "{} octets: {physical:?}", physical.len());
        }
        let unfolded = out.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, line);

        let mut short = String::new();
        push_folded(&mut short, "VERSION:2.0");
        assert_eq!(short, "VERSION:2.0\r\n");
        let mut exact = String::new();
        push_folded(&mut exact, &"X".repeat(75));
        assert_eq!(exact, format!("{}\r\n", "X".repeat(75)), "75 octets fit on one line");
    }
}
