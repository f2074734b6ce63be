//! The purchase kinds this build settles: each feature that sells registers its handler when
//! the application is built (startup.rs), and a payment reaches the handler of its own
//! `purchase_kind` only. A kind nobody registered is refused, never settled as another.

use std::collections::HashMap;

use super::purchase::PurchaseHandler;

#[derive(Default)]
pub struct PurchaseRegistry {
    handlers: HashMap<&'static str, Box<dyn PurchaseHandler>>,
}

impl PurchaseRegistry {
    /// Registers the handler of a kind. Two handlers for one kind is a programming error,
    /// caught at start-up.
    pub fn register(&mut self, kind: &'static str, handler: impl PurchaseHandler + 'static) {
        let previous = self.handlers.insert(kind, Box::new(handler));
        assert!(previous.is_none(), "purchase kind {kind:?} registered twice");
    }

    /// The handler of a stored kind, if this build has one.
    pub fn handler(&self, kind: &str) -> Option<&dyn PurchaseHandler> {
        self.handlers.get(kind).map(Box::as_ref)
    }
}

#[cfg(test)]
mod tests {
    use sqlx::AnyConnection;

    use super::*;
    use crate::payments::db::PaymentRow;
    use crate::payments::purchase::{BoxFuture, Fulfilment, HandlerResult};
    use crate::startup::AppState;

    struct Fulfils;

    impl PurchaseHandler for Fulfils {
        fn fulfil<'a>(&'a self, _: &'a AppState, _: &'a mut AnyConnection, _: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<Fulfilment>> {
            Box::pin(async { Ok(Fulfilment::Fulfilled) })
        }
        fn unpaid<'a>(&'a self, _: &'a AppState, _: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>> {
            Box::pin(async { Ok(()) })
        }
        fn refunded<'a>(&'a self, _: &'a AppState, _: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>> {
            Box::pin(async { Ok(()) })
        }
    }

    #[test]
    fn only_a_registered_kind_has_a_handler() {
        let mut registry = PurchaseRegistry::default();
        registry.register("consultation", Fulfils);
        assert!(registry.handler("consultation").is_some());
        assert!(registry.handler("order").is_none(), "the store has not registered yet");
        assert!(registry.handler("Consultation").is_none(), "kinds are exact names");
        assert!(registry.handler("").is_none());
    }

    #[test]
    #[should_panic(expected = "registered twice")]
    fn a_kind_is_registered_once() {
        let mut registry = PurchaseRegistry::default();
        registry.register("consultation", Fulfils);
        registry.register("consultation", Fulfils);
    }
}
