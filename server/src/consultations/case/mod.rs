//! The case each consultation opens (docs/decisions/014-consultants-deliver.md): its states,
//! the 21-day promise, the public opinion, the course of action and the traveller's questions.

pub mod advice;
pub mod deliver;
pub mod messages;
pub mod opinions;
pub mod pdf;
pub mod privacy;
pub mod reminders;

use serde::Serialize;
use utoipa::ToSchema;

/// The promise of the Help page: the opinion and the course of action within 21 days.
pub const PROMISE_SECS: i64 = 21 * 86_400;

/// Where a case stands, in the order it moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CaseState {
    Scheduled,
    Held,
    OpinionDrafted,
    OpinionPublished,
    AdviceSent,
    Closed,
}

impl CaseState {
    pub fn as_str(self) -> &'static str {
        match self {
            CaseState::Scheduled => "scheduled",
            CaseState::Held => "held",
            CaseState::OpinionDrafted => "opinion_drafted",
            CaseState::OpinionPublished => "opinion_published",
            CaseState::AdviceSent => "advice_sent",
            CaseState::Closed => "closed",
        }
    }

    pub fn parse(raw: &str) -> CaseState {
        match raw {
            "held" => CaseState::Held,
            "opinion_drafted" => CaseState::OpinionDrafted,
            "opinion_published" => CaseState::OpinionPublished,
            "advice_sent" => CaseState::AdviceSent,
            "closed" => CaseState::Closed,
            _ => CaseState::Scheduled,
        }
    }

    /// Whether the work of the promise is still to do (reminders, due lists).
    pub fn is_open(self) -> bool {
        !matches!(self, CaseState::AdviceSent | CaseState::Closed)
    }
}

/// When the case is due: 21 days after the consultation.
pub fn due_at(start_at: i64) -> i64 {
    start_at + PROMISE_SECS
}
