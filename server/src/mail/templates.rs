//! The texts of every e-mail, compiled in from `templates/<kind>/<lang>.{subject,txt,html}`,
//! and the shared layouts (`templates/layout.{txt,html}`) they are placed into.

use super::kind::MailKind;
use super::render::{one_line, render, Escape, TemplateError};
use crate::config::Config;
use crate::platform::i18n::Lang;
use crate::platform::words;

/// A message ready for the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

struct Template {
    subject: &'static str,
    text: &'static str,
    html: &'static str,
}

const LAYOUT_TEXT: &str = include_str!("templates/layout.txt");
const LAYOUT_HTML: &str = include_str!("templates/layout.html");

macro_rules! template {
    ($kind:literal, $lang:literal) => {
        Template {
            subject: include_str!(concat!("templates/", $kind, "/", $lang, ".subject")),
            text: include_str!(concat!("templates/", $kind, "/", $lang, ".txt")),
            html: include_str!(concat!("templates/", $kind, "/", $lang, ".html")),
        }
    };
}

/// Exhaustive on purpose: a new kind or language does not compile until its texts exist.
fn template(kind: MailKind, lang: Lang) -> Template {
    use {Lang::*, MailKind::*};
    match (kind, lang) {
        (ConfirmSignup, En) => template!("confirm_signup", "en"),
        (ConfirmSignup, Es) => template!("confirm_signup", "es"),
        (ConfirmSignup, Pt) => template!("confirm_signup", "pt"),
        (MagicLink, En) => template!("magic_link", "en"),
        (MagicLink, Es) => template!("magic_link", "es"),
        (MagicLink, Pt) => template!("magic_link", "pt"),
        (Recovery, En) => template!("recovery", "en"),
        (Recovery, Es) => template!("recovery", "es"),
        (Recovery, Pt) => template!("recovery", "pt"),
        (EmailChange, En) => template!("email_change", "en"),
        (EmailChange, Es) => template!("email_change", "es"),
        (EmailChange, Pt) => template!("email_change", "pt"),
        (Invite, En) => template!("invite", "en"),
        (Invite, Es) => template!("invite", "es"),
        (Invite, Pt) => template!("invite", "pt"),
        (Reauthentication, En) => template!("reauthentication", "en"),
        (Reauthentication, Es) => template!("reauthentication", "es"),
        (Reauthentication, Pt) => template!("reauthentication", "pt"),
        (NewsletterConfirm, En) => template!("newsletter_confirm", "en"),
        (NewsletterConfirm, Es) => template!("newsletter_confirm", "es"),
        (NewsletterConfirm, Pt) => template!("newsletter_confirm", "pt"),
        (AccountDeleted, En) => template!("account_deleted", "en"),
        (AccountDeleted, Es) => template!("account_deleted", "es"),
        (AccountDeleted, Pt) => template!("account_deleted", "pt"),
        (OrderShipped, En) => template!("order_shipped", "en"),
        (OrderShipped, Es) => template!("order_shipped", "es"),
        (OrderShipped, Pt) => template!("order_shipped", "pt"),
        (StockLow, En) => template!("stock_low", "en"),
        (StockLow, Es) => template!("stock_low", "es"),
        (StockLow, Pt) => template!("stock_low", "pt"),
        (NewsletterIssue, En) => template!("newsletter_issue", "en"),
        (NewsletterIssue, Es) => template!("newsletter_issue", "es"),
        (NewsletterIssue, Pt) => template!("newsletter_issue", "pt"),
        (OrderReceipt, En) => template!("order_receipt", "en"),
        (OrderReceipt, Es) => template!("order_receipt", "es"),
        (OrderReceipt, Pt) => template!("order_receipt", "pt"),
        (ConsultationConfirmed, En) => template!("consultation_confirmed", "en"),
        (ConsultationConfirmed, Es) => template!("consultation_confirmed", "es"),
        (ConsultationConfirmed, Pt) => template!("consultation_confirmed", "pt"),
        (ConsultationRescheduled, En) => template!("consultation_rescheduled", "en"),
        (ConsultationRescheduled, Es) => template!("consultation_rescheduled", "es"),
        (ConsultationRescheduled, Pt) => template!("consultation_rescheduled", "pt"),
        (ConsultationCancelled, En) => template!("consultation_cancelled", "en"),
        (ConsultationCancelled, Es) => template!("consultation_cancelled", "es"),
        (ConsultationCancelled, Pt) => template!("consultation_cancelled", "pt"),
        (ConsultationReminder, En) => template!("consultation_reminder", "en"),
        (ConsultationReminder, Es) => template!("consultation_reminder", "es"),
        (ConsultationReminder, Pt) => template!("consultation_reminder", "pt"),
        (OpinionPublished, En) => template!("opinion_published", "en"),
        (OpinionPublished, Es) => template!("opinion_published", "es"),
        (OpinionPublished, Pt) => template!("opinion_published", "pt"),
        (CourseOfAction, En) => template!("course_of_action", "en"),
        (CourseOfAction, Es) => template!("course_of_action", "es"),
        (CourseOfAction, Pt) => template!("course_of_action", "pt"),
        (CaseReminder, En) => template!("case_reminder", "en"),
        (CaseReminder, Es) => template!("case_reminder", "es"),
        (CaseReminder, Pt) => template!("case_reminder", "pt"),
        (CaseOverdue, En) => template!("case_overdue", "en"),
        (CaseOverdue, Es) => template!("case_overdue", "es"),
        (CaseOverdue, Pt) => template!("case_overdue", "pt"),
        (CaseQuestion, En) => template!("case_question", "en"),
        (CaseQuestion, Es) => template!("case_question", "es"),
        (CaseQuestion, Pt) => template!("case_question", "pt"),
    }
}

/// The line under the site name in every footer.
fn tagline(lang: Lang) -> &'static str {
    &words::words(lang).mail_tagline
}

/// Opens every payment mail of a sandbox deployment, so nobody takes it for a real charge
/// (docs/decisions/008-safe-defaults.md).
fn test_mode_note(lang: Lang) -> &'static str {
    &words::words(lang).mail_test_mode
}

/// Renders subject, text and HTML. `site_name`, `site_url` and `email` (the recipient, unless
/// given) are always available; the caller's `vars` come first and win.
pub fn render_email(kind: MailKind, lang: Lang, config: &Config, to: &str, vars: &[(&str, &str)]) -> Result<Rendered, TemplateError> {
    let template = template(kind, lang);
    let mut all = vars.to_vec();
    all.extend([("site_name", config.site_name.as_str()), ("site_url", config.site_origin()), ("email", to)]);
    let subject = one_line(&render(template.subject, &all, Escape::None)?);
    let mut text_body = render(template.text, &all, Escape::None)?;
    let mut html_body = render(template.html, &all, Escape::Html)?;
    if kind.is_about_payment() && config.is_test_mode() {
        let note = test_mode_note(lang);
        text_body = format!("{note}\n\n{text_body}");
        html_body = format!(
            "<p style=\"margin:0 0 16px;padding:10px 12px;border:2px dashed #b45309;color:#7c2d12;font-weight:bold\">{note}</p>\n{html_body}"
        );
    }
    all.extend([("subject", subject.as_str()), ("lang", lang.code()), ("tagline", tagline(lang))]);
    let text = wrap(LAYOUT_TEXT, &text_body, &all, Escape::None)?;
    let html = wrap(LAYOUT_HTML, &html_body, &all, Escape::Html)?;
    Ok(Rendered { subject, text, html })
}

/// Places an already rendered body into a layout; the body itself is not escaped again.
fn wrap(layout: &str, body: &str, vars: &[(&str, &str)], escape: Escape) -> Result<String, TemplateError> {
    let (before, after) = layout.split_once("{{body}}").ok_or_else(|| TemplateError("layout without {{body}}".into()))?;
    Ok(format!("{}{}{}", render(before, vars, escape)?, body.trim_end(), render(after, vars, escape)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        Config::from_flags(&["--site-url", "https://rumbo.travel", "--site-name", "Rumbo"])
    }

    /// What the accounts API (and the consultations feature) passes for each kind.
    fn vars(kind: MailKind) -> Vec<(&'static str, &'static str)> {
        let booking = vec![
            ("name", "Ana"),
            ("plan_name", "Complete"),
            ("date", "Tuesday, 24 November 2026"),
            ("time_local", "09:00–10:00 (UTC-5)"),
            ("time_utc", "2026-11-24 14:00–15:00 UTC"),
            ("duration", "60"),
            ("topic", "Lost luggage in Lima"),
            ("deadline", "Monday, 23 November 2026, 09:00 (UTC-5)"),
            ("change_fee", "USD 15.00"),
            ("refund", "USD 99.00"),
            ("meeting", "https://meet.jit.si/rumbo-3f2a9c1e"),
            ("manage_url", "https://rumbo.travel/help/booking/1?token=abc&x=1"),
        ];
        match kind {
            MailKind::ConsultationConfirmed | MailKind::ConsultationRescheduled | MailKind::ConsultationCancelled => booking,
            MailKind::ConsultationReminder => vec![
                ("name", "Ana"),
                ("plan_name", "Complete"),
                ("date", "Tuesday, 24 November 2026"),
                ("time_local", "09:00–10:00 (UTC-5)"),
                ("time_utc", "2026-11-24 14:00–15:00 UTC"),
                ("when", "tomorrow"),
                ("meeting", "Phone: +57 300 123 4567"),
                ("manage_url", "https://rumbo.travel/help/booking/1?token=abc&x=1"),
            ],
            MailKind::OpinionPublished => vec![
                ("name", "Ana"),
                ("opinion_url", "https://rumbo.travel/es/help/opinions/lost-luggage-lima"),
                ("manage_url", "https://rumbo.travel/help/booking/1?token=abc&x=1"),
            ],
            MailKind::CourseOfAction => vec![
                ("name", "Ana"),
                ("summary_text", "The airline owes you up to USD 1,700 for the lost bag."),
                ("summary_html", "<p style=\"margin:0 0 16px;\">The airline owes you up to USD 1,700 for the lost bag.</p>"),
                ("steps_text", "1. Claim in writing (by Monday, 14 December 2026)\n   Send the form."),
                ("steps_html", "<ol><li><strong>Claim in writing</strong> (by Monday, 14 December 2026)<br>Send the form.</li></ol>"),
                ("manage_url", "https://rumbo.travel/help/booking/1?token=abc&x=1"),
            ],
            MailKind::CaseReminder => vec![
                ("booking_ref", "8F2C41D0"),
                ("traveller_language", "Spanish"),
                ("due_date", "Tuesday, 15 December 2026"),
                ("days_left", "7"),
                ("state", "Opinion drafted"),
                ("console_url", "https://rumbo.travel/staff/cases/1?tab=case&from=mail"),
            ],
            MailKind::CaseOverdue => vec![
                ("booking_ref", "8F2C41D0"),
                ("due_date", "Tuesday, 15 December 2026"),
                ("consultant", "Marta Rojas"),
                ("state", "Held"),
                ("console_url", "https://rumbo.travel/staff/cases/1?tab=case&from=mail"),
            ],
            MailKind::CaseQuestion => vec![
                ("booking_ref", "8F2C41D0"),
                ("question", "Does the claim still count if the airline's voucher <expires> first?\nThanks & regards"),
                ("console_url", "https://rumbo.travel/staff/cases/1?tab=case&from=mail"),
            ],
            MailKind::Reauthentication => vec![("token", "482913")],
            MailKind::AccountDeleted => vec![],
            MailKind::StockLow => vec![
                ("items_text", "- Packing cubes — Blue (CUBES-BLUE): 2"),
                ("items_html", "<table><tr><td>Packing cubes — Blue (CUBES-BLUE)</td><td>2</td></tr></table>"),
                ("threshold", "5"),
                ("console_url", "https://rumbo.travel/staff/stock"),
            ],
            MailKind::NewsletterIssue => vec![
                ("issue_subject", "Five rights to know before you fly"),
                ("preheader", "Delays, lost bags and refunds"),
                ("body_text", "Hello,\n\nThis month: your rights when a flight is late."),
                ("body_html", "<p>Hello,</p><p>This month: your rights when a flight is late.</p>"),
                ("unsubscribe_url", "https://rumbo.travel/newsletter/unsubscribe?token=xyz"),
            ],
            MailKind::OrderShipped => vec![
                ("order_number", "R-2026-000123"),
                ("order_url", "https://rumbo.travel/store/orders/1?token=abc"),
                ("carrier", "CTT Expresso"),
                ("tracking_number", "EA123456789PT"),
            ],
            MailKind::OrderReceipt => vec![
                ("order_number", "R-2026-000123"),
                ("order_url", "https://rumbo.travel/store/orders/1?token=abc"),
                ("lines_text", "- 1 × Air passenger rights guide — PDF: US$9.00"),
                ("lines_html", "<table><tr><td>1 × Air passenger rights guide — PDF</td><td>US$9.00</td></tr></table>"),
                ("totals_text", "Total (taxes included): US$9.00"),
                ("totals_html", "<table><tr><th>Total</th><td>US$9.00</td></tr></table>"),
                ("shipping_text", ""),
                ("shipping_html", ""),
                ("downloads_text", "Download: https://rumbo.travel/api/v1/store/downloads/1?g=1&e=2&s=x"),
                ("downloads_html", "<p><a href=\"https://rumbo.travel/api/v1/store/downloads/1?g=1&amp;e=2&amp;s=x\">Guide</a></p>"),
            ],
            MailKind::NewsletterConfirm => vec![
                ("confirmation_url", "https://rumbo.travel/auth/v1/verify?token=abc&type=newsletter"),
                ("unsubscribe_url", "https://rumbo.travel/newsletter/unsubscribe?token=xyz"),
            ],
            MailKind::EmailChange => {
                vec![
                    ("confirmation_url", "https://rumbo.travel/auth/v1/verify?token=abc&type=email_change"),
                    ("new_email", "new@example.com"),
                ]
            }
            _ => vec![("confirmation_url", "https://rumbo.travel/auth/v1/verify?token=abc&type=signup")],
        }
    }

    #[test]
    fn sandbox_payment_mails_say_test_mode() {
        let sandbox = config();
        let stripe = Config::from_flags(&["--stripe-secret-key", "sk_test_1", "--stripe-webhook-secret", "whsec_1"]);
        for lang in Lang::ALL {
            let note = test_mode_note(lang);
            for kind in MailKind::ALL {
                let mail = render_email(kind, lang, &sandbox, "ana@example.com", &vars(kind)).unwrap();
                assert_eq!(mail.text.contains(note), kind.is_about_payment(), "{kind}/{}", lang.code());
                assert_eq!(mail.html.contains(note), kind.is_about_payment(), "{kind}/{}", lang.code());
                let real = render_email(kind, lang, &stripe, "ana@example.com", &vars(kind)).unwrap();
                assert!(!real.text.contains(note) && !real.html.contains(note), "{kind}/{}", lang.code());
            }
        }
    }

    #[test]
    fn every_kind_renders_in_every_language() {
        let config = config();
        for kind in MailKind::ALL {
            for lang in Lang::ALL {
                let mail = render_email(kind, lang, &config, "ana@example.com", &vars(kind)).unwrap();
                let id = format!("{kind}/{}", lang.code());
                for part in [&mail.subject, &mail.text, &mail.html] {
                    assert!(!part.contains("{{") && !part.contains("}}"), "{id}: {part}");
                }
                assert!(!mail.subject.is_empty() && !mail.subject.contains('\n'), "{id}");
                assert!(
                    mail.html.starts_with("<!DOCTYPE html>") && mail.html.contains(&format!("<html lang=\"{}\">", lang.code())),
                    "{id}"
                );
                assert!(mail.html.contains("<title>") && !mail.html.contains("<script"), "{id}");
                assert!(mail.text.contains("Rumbo") && mail.html.contains("Rumbo"), "{id}: site name in the footer");
                assert!(mail.text.trim_end().ends_with("https://rumbo.travel"), "{id}");
                if kind == MailKind::Reauthentication {
                    assert!(mail.subject.contains("482913") && mail.text.contains("482913") && mail.html.contains("482913"), "{id}");
                } else if kind == MailKind::ConsultationCancelled {
                    assert!(mail.text.contains("USD 99.00") && mail.html.contains("2026-11-24 14:00–15:00 UTC"), "{id}");
                } else if matches!(kind, MailKind::ConsultationConfirmed | MailKind::ConsultationRescheduled) {
                    assert!(mail.text.contains("https://rumbo.travel/help/booking/1?token=abc&x=1"), "{id}: plain manage link");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/help/booking/1?token=abc&amp;x=1\""), "{id}: button");
                    assert!(
                        mail.text.contains("21") && mail.text.contains("USD 15.00") && mail.text.contains("Lost luggage in Lima"),
                        "{id}"
                    );
                    assert!(mail.text.contains(": https://meet.jit.si/rumbo-3f2a9c1e\n"), "{id}: where, in the details");
                    assert!(mail.html.contains(">https://meet.jit.si/rumbo-3f2a9c1e</td>"), "{id}: where, as text in the table");
                } else if kind == MailKind::ConsultationReminder {
                    assert!(mail.subject.contains("Complete") && mail.subject.ends_with("tomorrow"), "{id}: {}", mail.subject);
                    assert!(mail.text.contains(": Phone: +57 300 123 4567\n"), "{id}: where, in the details");
                    assert!(mail.html.contains(">Phone: +57 300 123 4567</td>"), "{id}: where, in the table");
                    assert!(mail.text.contains("2026-11-24 14:00–15:00 UTC") && mail.html.contains("09:00–10:00 (UTC-5)"), "{id}");
                    assert!(mail.text.contains("https://rumbo.travel/help/booking/1?token=abc&x=1"), "{id}: plain manage link");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/help/booking/1?token=abc&amp;x=1\""), "{id}: button");
                } else if kind == MailKind::OpinionPublished {
                    assert!(mail.text.contains("https://rumbo.travel/es/help/opinions/lost-luggage-lima"), "{id}: plain link");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/es/help/opinions/lost-luggage-lima\""), "{id}: button");
                    assert!(mail.text.contains("https://rumbo.travel/help/booking/1?token=abc&x=1"), "{id}: booking page");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/help/booking/1?token=abc&amp;x=1\""), "{id}: booking page");
                } else if kind == MailKind::CourseOfAction {
                    assert!(mail.text.contains("The airline owes you up to USD 1,700") && mail.text.contains("   Send the form"), "{id}");
                    assert!(mail.html.contains("<ol><li><strong>Claim in writing</strong>"), "{id}: the steps go in as built");
                    assert!(mail.html.contains("<p style=\"margin:0 0 16px;\">The airline owes you"), "{id}: the summary goes in as built");
                    assert!(mail.text.contains("course-of-action.pdf") && mail.html.contains("course-of-action.pdf"), "{id}: the PDF");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/help/booking/1?token=abc&amp;x=1\""), "{id}: button");
                } else if matches!(kind, MailKind::CaseReminder | MailKind::CaseOverdue | MailKind::CaseQuestion) {
                    assert!(mail.subject.contains("8F2C41D0") && mail.text.contains("8F2C41D0") && mail.html.contains("8F2C41D0"), "{id}");
                    assert!(mail.text.contains("https://rumbo.travel/staff/cases/1?tab=case&from=mail"), "{id}: plain console link");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/staff/cases/1?tab=case&amp;from=mail\""), "{id}: button");
                    if kind == MailKind::CaseReminder {
                        assert!(mail.subject.contains("Tuesday, 15 December 2026") && mail.text.contains(": 7\n"), "{id}: due, days left");
                        assert!(mail.text.contains("Spanish") && mail.html.contains("Opinion drafted"), "{id}");
                    } else if kind == MailKind::CaseOverdue {
                        assert!(mail.text.contains("Marta Rojas") && mail.html.contains("Tuesday, 15 December 2026"), "{id}");
                    } else {
                        assert!(mail.text.contains("airline's voucher <expires> first?\nThanks & regards"), "{id}: the question as asked");
                        assert!(mail.html.contains("airline&#39;s voucher &lt;expires&gt; first?\nThanks &amp; regards"), "{id}: escaped");
                    }
                } else if kind == MailKind::AccountDeleted {
                    assert!(mail.text.contains("ana@example.com") && mail.html.contains("ana@example.com"), "{id}: the deleted address");
                    assert!(!mail.text.contains("/auth/v1/verify"), "{id}: nothing to click");
                } else if kind == MailKind::StockLow {
                    assert!(mail.text.contains("CUBES-BLUE") && mail.html.contains("<td>2</td>"), "{id}: the list goes in as built");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/staff/stock\""), "{id}");
                } else if kind == MailKind::NewsletterIssue {
                    assert_eq!(mail.subject, "Five rights to know before you fly", "{id}");
                    assert!(mail.html.contains("<p>This month: your rights when a flight is late.</p>"), "{id}: the body goes in as built");
                    assert!(mail.html.contains("Delays, lost bags and refunds"), "{id}: the preheader");
                    assert!(mail.text.contains("https://rumbo.travel/newsletter/unsubscribe?token=xyz"), "{id}: unsubscribe link");
                } else if kind == MailKind::OrderShipped {
                    assert!(mail.text.contains("EA123456789PT") && mail.html.contains("CTT Expresso"), "{id}");
                    assert!(mail.text.contains("https://rumbo.travel/store/orders/1?token=abc"), "{id}");
                } else if kind == MailKind::OrderReceipt {
                    assert!(
                        mail.subject.contains("R-2026-000123") && mail.text.contains("https://rumbo.travel/store/orders/1?token=abc"),
                        "{id}"
                    );
                    assert!(mail.html.contains("<td>US$9.00</td>"), "{id}: the receipt's lines go in as built");
                    assert!(mail.text.contains("/api/v1/store/downloads/1?g=1&e=2&s=x"), "{id}: download link");
                } else {
                    assert!(mail.text.contains("https://rumbo.travel/auth/v1/verify?token=abc&type="), "{id}: plain link in text");
                    assert!(mail.html.contains("href=\"https://rumbo.travel/auth/v1/verify?token=abc&amp;type="), "{id}: button");
                }
            }
        }
    }

    #[test]
    fn texts_differ_by_language() {
        let config = config();
        for kind in MailKind::ALL {
            // An issue's subject is its editor's, in its one language: its footer is ours.
            let part = |mail: Rendered| if kind == MailKind::NewsletterIssue { mail.text } else { mail.subject };
            let subjects: Vec<String> =
                Lang::ALL.iter().map(|&lang| part(render_email(kind, lang, &config, "a@b.co", &vars(kind)).unwrap())).collect();
            assert!(subjects[0] != subjects[1] && subjects[1] != subjects[2] && subjects[0] != subjects[2], "{kind}: {subjects:?}");
        }
        let code = render_email(MailKind::Reauthentication, Lang::Es, &config, "a@b.co", &[("token", "123456")]).unwrap();
        assert_eq!(code.subject, "123456 es tu código de verificación");
    }

    #[test]
    fn values_are_escaped_in_html_only() {
        let vars = [("confirmation_url", "https://x.test/?a=1&b=2"), ("new_email", "<b>evil</b>@example.com")];
        let mail = render_email(MailKind::EmailChange, Lang::En, &config(), "o'brien@example.com", &vars).unwrap();
        assert!(mail.html.contains("&lt;b&gt;evil&lt;/b&gt;@example.com") && !mail.html.contains("<b>evil"));
        assert!(mail.html.contains("o&#39;brien@example.com"));
        assert!(mail.text.contains("<b>evil</b>@example.com") && mail.text.contains("o'brien@example.com"));
    }

    #[test]
    fn a_missing_variable_is_an_error() {
        let missing = render_email(MailKind::ConfirmSignup, Lang::Pt, &config(), "a@b.co", &[]).unwrap_err();
        assert_eq!(missing, TemplateError("no value for `confirmation_url`".into()));
        assert!(render_email(MailKind::EmailChange, Lang::En, &config(), "a@b.co", &[("confirmation_url", "x")]).is_err());
    }

    #[test]
    fn the_caller_may_name_the_account_address() {
        let vars = [("token", "111111"), ("email", "owner@example.com")];
        let mail = render_email(MailKind::Reauthentication, Lang::En, &config(), "a@b.co", &vars).unwrap();
        assert!(mail.text.contains("owner@example.com") && !mail.text.contains("a@b.co"));
    }
}
