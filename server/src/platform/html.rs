//! Escaping for text we place into HTML ourselves.

/// Escapes text for an element's content or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Serializes a value for a `<script type="application/json">` data block: `<` is escaped so
/// no value can close the element or open a comment.
pub fn json_data_block(id: &str, value: &impl serde::Serialize) -> String {
    format!(r#"<script type="application/json" id="{}">{}</script>"#, escape(id), script_safe_json(value))
}

/// Structured data for search engines (schema.org JSON-LD): also a data block, never executed.
pub fn ld_json_block(value: &impl serde::Serialize) -> String {
    format!(r#"<script type="application/ld+json">{}</script>"#, script_safe_json(value))
}

fn script_safe_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".into()).replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(escape(r#"<a href="x">Tom & 'Jo'</a>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jo&#39;&lt;/a&gt;");
    }

    #[test]
    fn data_blocks_cannot_be_closed_from_inside() {
        let block = json_data_block("cfg", &serde_json::json!({ "name": "</script><script>alert(1)</script>" }));
        assert_eq!(block.matches("</script>").count(), 1);
        assert!(block.ends_with("</script>"));
    }

    #[test]
    fn structured_data_cannot_be_closed_from_inside() {
        let block = ld_json_block(&serde_json::json!({ "headline": "</script><script>alert(1)</script>" }));
        assert_eq!(block.matches("</script>").count(), 1);
        assert!(block.contains(r"\u003c/script>"));
        assert!(block.starts_with(r#"<script type="application/ld+json">"#));
    }
}
