//! An issue as its readers get it: the Markdown body made safe HTML (links and images made
//! absolute, images fitted to the mail's width) and placed in the language's mail template.

use crate::config::Config;
use crate::content::markdown::to_safe_html;
use crate::mail::{render_email, MailKind, Rendered};
use crate::platform::i18n::Lang;

pub const SUBJECT_MAX: usize = 150;
pub const PREHEADER_MAX: usize = 200;
pub const BODY_MAX: usize = 100_000;

/// The body's HTML for a mail or the archive: site-relative links and images made absolute.
pub fn body_html(config: &Config, markdown: &str) -> String {
    let origin = config.site_origin();
    to_safe_html(markdown)
        .replace("href=\"/", &format!("href=\"{origin}/"))
        .replace("src=\"/", &format!("src=\"{origin}/"))
        .replace("<img ", "<img style=\"max-width:100%;height:auto;\" ")
}

/// An issue ready to be mailed: its texts, with the body's HTML made once for every recipient.
pub struct Composed<'a> {
    pub subject: &'a str,
    pub preheader: &'a str,
    pub markdown: &'a str,
    pub html: String,
}

impl<'a> Composed<'a> {
    pub fn new(config: &Config, subject: &'a str, preheader: &'a str, markdown: &'a str) -> Composed<'a> {
        Composed { subject, preheader, markdown, html: body_html(config, markdown) }
    }

    /// The template's variables for one recipient.
    pub fn vars<'v>(&'v self, unsubscribe_url: &'v str) -> [(&'static str, &'v str); 5] {
        [
            ("issue_subject", self.subject),
            ("preheader", self.preheader),
            ("body_text", self.markdown),
            ("body_html", self.html.as_str()),
            ("unsubscribe_url", unsubscribe_url),
        ]
    }

    /// The whole e-mail, as a subscriber of `lang` gets it (the console's preview).
    pub fn render(&self, config: &Config, lang: Lang, to: &str, unsubscribe_url: &str) -> Rendered {
        // Every variable of the template is given, so rendering cannot fail.
        render_email(MailKind::NewsletterIssue, lang, config, to, &self.vars(unsubscribe_url)).unwrap_or_else(|e| Rendered {
            subject: self.subject.to_owned(),
            text: format!("{}\n\n{e:?}", self.markdown),
            html: self.html.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_is_safe_and_its_links_absolute() {
        let config = Config::from_flags(&["--site-url", "https://rumbo.travel"]);
        let html = body_html(&config, "Read [our guide](/es/blog/x) ![map](/media/map.png)\n\n<script>alert(1)</script>");
        assert!(html.contains("href=\"https://rumbo.travel/es/blog/x\""), "{html}");
        assert!(html.contains("src=\"https://rumbo.travel/media/map.png\""), "{html}");
        assert!(html.contains("max-width:100%"), "{html}");
        assert!(!html.contains("<script"), "{html}");
        let issue = Composed::new(&config, "Praias <do> Sul", "Dicas", "Olá!");
        let mail = issue.render(&config, Lang::Pt, "a@example.com", "https://rumbo.travel/pt/newsletter/unsubscribe?token=t");
        assert_eq!(mail.subject, "Praias <do> Sul");
        assert!(mail.html.contains("Praias &lt;do&gt; Sul") && mail.html.contains("Cancelar a inscrição"), "{}", mail.html);
        assert!(mail.text.contains("https://rumbo.travel/pt/newsletter/unsubscribe?token=t"));
    }
}
