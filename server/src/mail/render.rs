//! A deliberately small template language: `{{ name }}` becomes the variable's value, escaped
//! in the HTML part. No conditions or loops: what varies between messages is only text, and a
//! placeholder without a value is an error rather than a silent gap in someone's e-mail.
//! Lists (a receipt's lines) are built by their caller: a variable named `…_html` goes into
//! the HTML part as it is, so its caller escapes what it holds.

use std::fmt;

use crate::platform::html;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Escape {
    /// Plain text and subjects: values go in as they are.
    None,
    /// HTML: values are escaped for element content and double-quoted attributes.
    Html,
}

/// A template that cannot be filled: a placeholder with no value, or an unclosed `{{`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError(pub String);

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "e-mail template: {}", self.0)
    }
}

impl std::error::Error for TemplateError {}

/// Fills every `{{ name }}`; the first pair with that name wins. Values are not scanned again,
/// so a value containing `{{` stays literal text.
pub fn render(template: &str, vars: &[(&str, &str)], escape: Escape) -> Result<String, TemplateError> {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or_else(|| TemplateError("`{{` without `}}`".into()))?;
        let name = after[..end].trim();
        let value = vars
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| *value)
            .ok_or_else(|| TemplateError(format!("no value for `{name}`")))?;
        match escape {
            Escape::None => out.push_str(value),
            // A `…_html` value is markup its caller built (and escaped) itself: a receipt's lines.
            Escape::Html if name.ends_with("_html") => out.push_str(value),
            Escape::Html => out.push_str(&html::escape(value)),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A subject is one header line: line breaks in values must not start a new header.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_and_escaped_in_html() {
        let vars = [("name", "Tom & <Jo>"), ("url", "https://x.test/?a=1&b=\"2\"")];
        let html = render(r#"<a href="{{url}}">Hi {{ name }}</a>"#, &vars, Escape::Html).unwrap();
        assert_eq!(html, r#"<a href="https://x.test/?a=1&amp;b=&quot;2&quot;">Hi Tom &amp; &lt;Jo&gt;</a>"#);
        let text = render("Hi {{name}}: {{url}}", &vars, Escape::None).unwrap();
        assert_eq!(text, "Hi Tom & <Jo>: https://x.test/?a=1&b=\"2\"");
    }

    #[test]
    fn values_are_not_templates() {
        assert_eq!(render("{{a}}", &[("a", "{{b}}")], Escape::None).unwrap(), "{{b}}");
    }

    #[test]
    fn missing_values_and_broken_placeholders_are_errors() {
        assert_eq!(render("Hi {{who}}", &[], Escape::None), Err(TemplateError("no value for `who`".into())));
        assert!(render("Hi {{who", &[("who", "x")], Escape::None).is_err());
    }

    #[test]
    fn subjects_stay_on_one_line() {
        assert_eq!(one_line("  123456 is\r\nBcc: you@x.test  "), "123456 is Bcc: you@x.test");
    }

    #[test]
    fn a_list_built_by_its_caller_goes_into_html_as_it_is() {
        let vars = [("lines_html", "<tr><td>1 × Guide</td></tr>"), ("name", "<b>")];
        let html = render("{{ lines_html }} {{ name }}", &vars, Escape::Html).unwrap();
        assert_eq!(html, "<tr><td>1 × Guide</td></tr> &lt;b&gt;");
        assert_eq!(render("{{ lines_html }}", &vars, Escape::None).unwrap(), "<tr><td>1 × Guide</td></tr>");
    }
}
