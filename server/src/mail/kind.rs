//! The kinds of e-mail the product sends. Each has a template per language under
//! `templates/<kind>/`; adding a kind fails to compile until its templates exist.

/// What a message is for. Later features add theirs (newsletter confirmation, booking
/// confirmation, order receipt) here and in `templates.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailKind {
    /// Confirms the address of a new account. Uses `confirmation_url`.
    ConfirmSignup,
    /// A one-time sign-in link. Uses `confirmation_url`.
    MagicLink,
    /// Password reset. Uses `confirmation_url`.
    Recovery,
    /// Confirms a change of address (sent to the old and/or new one). Uses `confirmation_url`, `new_email`.
    EmailChange,
    /// Invitation to create an account. Uses `confirmation_url`.
    Invite,
    /// A 6-digit code asked before sensitive changes. Uses `token`.
    Reauthentication,
    /// Double opt-in for the newsletter. Uses `confirmation_url`, `unsubscribe_url`.
    NewsletterConfirm,
    /// A paid consultation is confirmed (carries the calendar invitation). Uses `name`,
    /// `plan_name`, `date`, `time_local`, `time_utc`, `duration`, `topic`, `meeting` (where the
    /// call happens, as plain text: a link or a phone number), `deadline`, `change_fee`,
    /// `manage_url`.
    ConsultationConfirmed,
    /// A consultation moved to another time (updated invitation). Same variables as confirmed.
    ConsultationRescheduled,
    /// A consultation was cancelled (the invitation's cancellation). Uses `name`, `plan_name`,
    /// `date`, `time_local`, `time_utc`, `refund`.
    ConsultationCancelled,
    /// Reminds the traveller of their consultation, 24 hours and 1 hour before. Uses `name`,
    /// `plan_name`, `date`, `time_local`, `time_utc`, `when` (already localized: "tomorrow",
    /// "in one hour"), `meeting`, `manage_url`.
    ConsultationReminder,
    /// Tells the traveller the experts' public opinion on their case (without personal data) is
    /// published. Uses `name`, `opinion_url`, `manage_url`.
    OpinionPublished,
    /// The written course of action, sent once to the traveller with the PDF attached
    /// (course-of-action.pdf). Uses `name`, `summary_text`, `summary_html`, `steps_text`,
    /// `steps_html` (the `…_html` ones are markup its caller built and escaped), `manage_url`.
    CourseOfAction,
    /// Reminds the assigned consultant that a case is due (in the consultant's first language).
    /// Uses `booking_ref`, `traveller_language`, `due_date`, `days_left`, `state` (already
    /// localized), `console_url`.
    CaseReminder,
    /// Tells the admins that a case is past its due date. Uses `booking_ref`, `due_date`,
    /// `consultant`, `state`, `console_url`.
    CaseOverdue,
    /// The traveller asked a question on their case; sent to its consultant. Uses `booking_ref`,
    /// `question`, `console_url`.
    CaseQuestion,
    /// A paid store order. Uses `order_number`, `order_url`, `lines_text`, `lines_html`,
    /// `totals_text`, `totals_html`, `shipping_text`, `shipping_html`, `downloads_text`, `downloads_html`.
    OrderReceipt,
    /// A physical order was shipped. Uses `order_number`, `order_url`, `carrier`, `tracking_number`.
    OrderShipped,
    /// The account was deleted at its owner's request. Uses `email`.
    AccountDeleted,
    /// The daily list of variants low in stock, to the admins. Uses `items_text`, `items_html`,
    /// `threshold`, `console_url`.
    StockLow,
    /// An issue of the newsletter, written in the console (docs/decisions/018). Uses
    /// `issue_subject`, `preheader`, `body_text`, `body_html`, `unsubscribe_url`.
    NewsletterIssue,
}

impl MailKind {
    pub const ALL: [MailKind; 21] = [
        MailKind::ConfirmSignup,
        MailKind::MagicLink,
        MailKind::Recovery,
        MailKind::EmailChange,
        MailKind::Invite,
        MailKind::Reauthentication,
        MailKind::NewsletterConfirm,
        MailKind::ConsultationConfirmed,
        MailKind::ConsultationRescheduled,
        MailKind::ConsultationCancelled,
        MailKind::ConsultationReminder,
        MailKind::OpinionPublished,
        MailKind::CourseOfAction,
        MailKind::CaseReminder,
        MailKind::CaseOverdue,
        MailKind::CaseQuestion,
        MailKind::OrderReceipt,
        MailKind::OrderShipped,
        MailKind::AccountDeleted,
        MailKind::StockLow,
        MailKind::NewsletterIssue,
    ];

    /// Mails that speak of a payment: a sandbox deployment marks them as test mode.
    pub fn is_about_payment(self) -> bool {
        matches!(
            self,
            MailKind::ConsultationConfirmed | MailKind::ConsultationRescheduled | MailKind::ConsultationCancelled | MailKind::OrderReceipt
        )
    }

    /// The name stored in the outbox and used as the template folder.
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::ConfirmSignup => "confirm_signup",
            MailKind::MagicLink => "magic_link",
            MailKind::Recovery => "recovery",
            MailKind::EmailChange => "email_change",
            MailKind::Invite => "invite",
            MailKind::Reauthentication => "reauthentication",
            MailKind::NewsletterConfirm => "newsletter_confirm",
            MailKind::ConsultationConfirmed => "consultation_confirmed",
            MailKind::ConsultationRescheduled => "consultation_rescheduled",
            MailKind::ConsultationCancelled => "consultation_cancelled",
            MailKind::ConsultationReminder => "consultation_reminder",
            MailKind::OpinionPublished => "opinion_published",
            MailKind::CourseOfAction => "course_of_action",
            MailKind::CaseReminder => "case_reminder",
            MailKind::CaseOverdue => "case_overdue",
            MailKind::CaseQuestion => "case_question",
            MailKind::OrderReceipt => "order_receipt",
            MailKind::OrderShipped => "order_shipped",
            MailKind::AccountDeleted => "account_deleted",
            MailKind::StockLow => "stock_low",
            MailKind::NewsletterIssue => "newsletter_issue",
        }
    }

    pub fn from_name(name: &str) -> Option<MailKind> {
        MailKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }
}

impl std::fmt::Display for MailKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in MailKind::ALL {
            assert_eq!(MailKind::from_name(kind.as_str()), Some(kind));
        }
        assert_eq!(MailKind::from_name("spam"), None);
    }
}
