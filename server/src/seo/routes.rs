//! The site's route table (docs/product.md#routes, docs/decisions/002-page-shell.md): which paths are pages, in which
//! language, and which are not found.

use crate::platform::i18n::Lang;
use crate::platform::ids::BookingId;
use crate::platform::slug::Slug;

/// Destination collections: regions, types and featured themes. `mountains` is both a type
/// and a theme, and is one page.
pub const DESTINATION_SLUGS: [&str; 13] = [
    "europe",
    "asia",
    "americas",
    "africa",
    "oceania",
    "beaches",
    "mountains",
    "cities",
    "cultural",
    "tropical",
    "urban",
    "historic",
    "islands",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Page {
    Home,
    Blog,
    Store,
    Help,
    Destinations,
    Destination(&'static str),
    Terms,
    Privacy,
    Copyright,
    About,
    /// The signed-in visitor's account page ('Settings' in the avatar menu).
    Account,
    /// Where a password-recovery e-mail leads.
    ResetPassword,
    /// Where the newsletter confirmation e-mail leads (it confirms on load).
    NewsletterConfirm,
    /// Where every newsletter e-mail's unsubscribe link leads (one click, with a way back).
    NewsletterUnsubscribe,
    /// A consultation's private page, `/help/booking/{id}?token=…` (the manage link of the
    /// confirmation); `/help/booking` itself explains where that link is.
    HelpBooking,
    /// The store's checkout (private to each buyer).
    StoreCheckout,
    /// An order's private page, `/store/orders/{id}?token=…` (the receipt's link).
    StoreOrder,
    /// The experts' published opinions (docs/decisions/014); each has its own page.
    HelpOpinions,
    /// The free passenger-rights checker (docs/decisions/015-passenger-rights.md): the rules run
    /// in the browser, so the page itself is the same for everyone and indexed.
    HelpRights,
    /// The team's console, `/staff` and every path under it (the app routes inside).
    Staff,
    /// The public archive of newsletter issues (docs/decisions/018); each has its own page.
    Newsletter,
}

impl Page {
    pub const FIXED: [Page; 20] = [
        Page::Home,
        Page::Blog,
        Page::Store,
        Page::Help,
        Page::Destinations,
        Page::Terms,
        Page::Privacy,
        Page::Copyright,
        Page::About,
        Page::Account,
        Page::ResetPassword,
        Page::NewsletterConfirm,
        Page::NewsletterUnsubscribe,
        Page::HelpBooking,
        Page::StoreCheckout,
        Page::StoreOrder,
        Page::HelpOpinions,
        Page::HelpRights,
        Page::Staff,
        Page::Newsletter,
    ];

    /// Every page the site serves, in a stable order (sitemap, pre-rendering).
    pub fn all() -> impl Iterator<Item = Page> {
        Page::FIXED.into_iter().chain(DESTINATION_SLUGS.into_iter().map(Page::Destination))
    }

    /// Whether search engines should index the page. Account pages, newsletter-link pages and
    /// bookings are private to each visitor: they answer 200 with `noindex` and stay out of the sitemap.
    pub fn is_indexed(self) -> bool {
        !matches!(
            self,
            Page::Account
                | Page::ResetPassword
                | Page::NewsletterConfirm
                | Page::NewsletterUnsubscribe
                | Page::HelpBooking
                | Page::StoreCheckout
                | Page::StoreOrder
                | Page::Staff
        )
    }

    /// The page's path in English (no language prefix).
    pub fn path(self) -> String {
        match self {
            Page::Home => "/".into(),
            Page::Blog => "/blog".into(),
            Page::Store => "/store".into(),
            Page::Help => "/help".into(),
            Page::Destinations => "/destinations".into(),
            Page::Destination(slug) => format!("/destinations/{slug}"),
            Page::Terms => "/terms".into(),
            Page::Privacy => "/privacy".into(),
            Page::Copyright => "/copyright".into(),
            Page::About => "/about".into(),
            Page::Account => "/account".into(),
            Page::ResetPassword => "/reset-password".into(),
            Page::NewsletterConfirm => "/newsletter/confirm".into(),
            Page::NewsletterUnsubscribe => "/newsletter/unsubscribe".into(),
            Page::HelpBooking => "/help/booking".into(),
            Page::StoreCheckout => "/store/checkout".into(),
            Page::StoreOrder => "/store/orders".into(),
            Page::HelpOpinions => "/help/opinions".into(),
            Page::HelpRights => "/help/rights".into(),
            Page::Staff => "/staff".into(),
            Page::Newsletter => "/newsletter".into(),
        }
    }

    fn from_unprefixed(path: &str) -> Option<Page> {
        let page = match path {
            "" | "/" => Page::Home,
            "/blog" => Page::Blog,
            "/store" => Page::Store,
            "/help" => Page::Help,
            "/destinations" => Page::Destinations,
            "/terms" => Page::Terms,
            "/privacy" => Page::Privacy,
            "/copyright" => Page::Copyright,
            "/about" => Page::About,
            "/account" => Page::Account,
            "/reset-password" => Page::ResetPassword,
            "/newsletter/confirm" => Page::NewsletterConfirm,
            "/newsletter/unsubscribe" => Page::NewsletterUnsubscribe,
            "/help/booking" => Page::HelpBooking,
            "/store/checkout" => Page::StoreCheckout,
            "/store/orders" => Page::StoreOrder,
            "/help/opinions" => Page::HelpOpinions,
            "/help/rights" => Page::HelpRights,
            "/staff" => Page::Staff,
            "/newsletter" => Page::Newsletter,
            _ if path.strip_prefix("/staff/").is_some_and(is_console_path) => Page::Staff,
            _ if path.strip_prefix("/store/orders/").is_some_and(is_booking_id) => Page::StoreOrder,
            _ if path.strip_prefix("/help/booking/").is_some_and(is_booking_id) => Page::HelpBooking,
            _ => {
                let slug = path.strip_prefix("/destinations/")?;
                Page::Destination(DESTINATION_SLUGS.into_iter().find(|known| *known == slug)?)
            }
        };
        Some(page)
    }
}

/// The console's own routes: lowercase words, digits, `-` and ids, a few segments deep.
fn is_console_path(rest: &str) -> bool {
    let segments: Vec<&str> = rest.split('/').collect();
    segments.len() <= 4 && segments.iter().all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
}

/// Booking ids are UUIDs (`8-4-4-4-12` hexadecimal digits); any other id is not found.
fn is_booking_id(id: &str) -> bool {
    BookingId::parse(id).is_some()
}

/// What a request path means to the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    Page(Lang, Page),
    /// `/blog/{slug}`: a post, if one has that slug.
    Post(Lang, String),
    /// `/store/{slug}`: a product, if one has that slug.
    Product(Lang, String),
    /// `/help/opinions/{slug}`: a published opinion, if one has that slug.
    Opinion(Lang, String),
    /// `/newsletter/{slug}`: an issue of the public archive, if one has that slug.
    NewsletterIssue(Lang, String),
    /// `/en` and `/en/*`: the same page lives at the unprefixed path.
    RedirectTo(String),
    NotFound(Lang),
}

pub fn resolve(path: &str) -> Resolved {
    let (first, rest) = split_first_segment(path);
    if first == "en" {
        return Resolved::RedirectTo(if rest.is_empty() { "/".into() } else { rest.into() });
    }
    let (lang, rest) = match Lang::from_code(first) {
        Some(lang) => (lang, rest),
        None => (Lang::En, path),
    };
    if let Some(slug) = rest.strip_prefix("/blog/").and_then(Slug::parse) {
        return Resolved::Post(lang, slug.into_string());
    }
    if let Some(slug) = rest.strip_prefix("/help/opinions/").and_then(Slug::parse) {
        return Resolved::Opinion(lang, slug.into_string());
    }
    match Page::from_unprefixed(rest) {
        Some(page) => Resolved::Page(lang, page),
        None => {
            if let Some(slug) = rest.strip_prefix("/newsletter/").and_then(Slug::parse) {
                return Resolved::NewsletterIssue(lang, slug.into_string());
            }
            match rest.strip_prefix("/store/").and_then(Slug::parse) {
                Some(slug) => Resolved::Product(lang, slug.into_string()),
                None => Resolved::NotFound(lang),
            }
        }
    }
}

/// Splits `/es/blog` into (`es`, `/blog`) and `/es` into (`es`, ``).
fn split_first_segment(path: &str) -> (&str, &str) {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    match trimmed.find('/') {
        Some(i) => (&trimmed[..i], &trimmed[i..]),
        None => (trimmed, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newsletter_archive_and_its_issues() {
        assert_eq!(resolve("/pt/newsletter"), Resolved::Page(Lang::Pt, Page::Newsletter));
        assert_eq!(resolve("/newsletter/praias-do-sul-3f2a9b"), Resolved::NewsletterIssue(Lang::En, "praias-do-sul-3f2a9b".into()));
        assert_eq!(resolve("/es/newsletter/confirm"), Resolved::Page(Lang::Es, Page::NewsletterConfirm));
        assert_eq!(resolve("/newsletter/Not_A_Slug"), Resolved::NotFound(Lang::En));
    }

    #[test]
    fn opinions_and_the_console() {
        assert_eq!(resolve("/es/help/opinions"), Resolved::Page(Lang::Es, Page::HelpOpinions));
        assert_eq!(resolve("/pt/help/opinions/voo-cancelado-3f2a9b1c"), Resolved::Opinion(Lang::Pt, "voo-cancelado-3f2a9b1c".into()));
        assert_eq!(resolve("/staff"), Resolved::Page(Lang::En, Page::Staff));
        let id = "0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab";
        assert_eq!(resolve(&format!("/es/staff/bookings/{id}")), Resolved::Page(Lang::Es, Page::Staff));
        assert_eq!(resolve("/staff/cases"), Resolved::Page(Lang::En, Page::Staff));
        assert_eq!(resolve("/staff/a/b/c/d/e"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/staff/x.php"), Resolved::NotFound(Lang::En));
        assert!(!Page::Staff.is_indexed() && Page::HelpOpinions.is_indexed());
    }

    #[test]
    fn language_comes_from_the_first_segment() {
        assert_eq!(resolve("/"), Resolved::Page(Lang::En, Page::Home));
        assert_eq!(resolve("/es"), Resolved::Page(Lang::Es, Page::Home));
        assert_eq!(resolve("/pt/blog"), Resolved::Page(Lang::Pt, Page::Blog));
        assert_eq!(resolve("/es/destinations/asia"), Resolved::Page(Lang::Es, Page::Destination("asia")));
        assert_eq!(resolve("/pt/account"), Resolved::Page(Lang::Pt, Page::Account));
        assert_eq!(resolve("/reset-password"), Resolved::Page(Lang::En, Page::ResetPassword));
        assert_eq!(resolve("/pt/newsletter/confirm"), Resolved::Page(Lang::Pt, Page::NewsletterConfirm));
        assert_eq!(resolve("/es/newsletter/unsubscribe"), Resolved::Page(Lang::Es, Page::NewsletterUnsubscribe));
    }

    #[test]
    fn a_booking_page_takes_a_uuid() {
        let id = "0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab";
        assert_eq!(resolve(&format!("/help/booking/{id}")), Resolved::Page(Lang::En, Page::HelpBooking));
        assert_eq!(resolve(&format!("/es/help/booking/{id}")), Resolved::Page(Lang::Es, Page::HelpBooking));
        assert_eq!(resolve(&format!("/pt/help/booking/{}", id.to_uppercase())), Resolved::Page(Lang::Pt, Page::HelpBooking));
        assert_eq!(resolve("/help/booking"), Resolved::Page(Lang::En, Page::HelpBooking));
        for bad in [
            "/help/booking/",
            "/help/booking/123",
            "/help/booking/0b7e4f6a-3c1d-4a2b-9e8f-1234567890abc",
            "/help/booking/0b7e4f6a3c1d4a2b9e8f1234567890ab",
            "/help/booking/zb7e4f6a-3c1d-4a2b-9e8f-1234567890ab",
            &format!("/help/booking/{id}/x"),
        ] {
            assert_eq!(resolve(bad), Resolved::NotFound(Lang::En), "{bad}");
        }
    }

    #[test]
    fn only_private_pages_are_kept_out_of_search_engines() {
        let hidden: Vec<Page> = Page::all().filter(|page| !page.is_indexed()).collect();
        assert_eq!(
            hidden,
            [
                Page::Account,
                Page::ResetPassword,
                Page::NewsletterConfirm,
                Page::NewsletterUnsubscribe,
                Page::HelpBooking,
                Page::StoreCheckout,
                Page::StoreOrder,
                Page::Staff
            ]
        );
    }

    #[test]
    fn store_pages_resolve_products_checkout_and_orders() {
        assert_eq!(resolve("/store/packing-cubes"), Resolved::Product(Lang::En, "packing-cubes".into()));
        assert_eq!(resolve("/es/store/packing-cubes"), Resolved::Product(Lang::Es, "packing-cubes".into()));
        assert_eq!(resolve("/pt/store/checkout"), Resolved::Page(Lang::Pt, Page::StoreCheckout));
        let id = "0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab";
        assert_eq!(resolve(&format!("/store/orders/{id}")), Resolved::Page(Lang::En, Page::StoreOrder));
        assert_eq!(resolve("/store/orders/123"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/store/Bad_Slug"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/store/a/b"), Resolved::NotFound(Lang::En));
    }

    #[test]
    fn english_prefix_redirects_to_the_unprefixed_path() {
        assert_eq!(resolve("/en"), Resolved::RedirectTo("/".into()));
        assert_eq!(resolve("/en/"), Resolved::RedirectTo("/".into()));
        assert_eq!(resolve("/en/blog"), Resolved::RedirectTo("/blog".into()));
    }

    #[test]
    fn unknown_paths_are_not_found_in_their_language() {
        assert_eq!(resolve("/nope"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/xx/blog"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/es/nada"), Resolved::NotFound(Lang::Es));
        assert_eq!(resolve("/destinations/atlantis"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/pt/destinations/"), Resolved::NotFound(Lang::Pt));
        assert_eq!(resolve("/blogger"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/account/settings"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/newsletter/confirm/x"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/blog/Not_A_Slug"), Resolved::NotFound(Lang::En));
        assert_eq!(resolve("/blog/a/b"), Resolved::NotFound(Lang::En));
    }

    #[test]
    fn posts_are_slugs_under_blog_in_each_language() {
        assert_eq!(resolve("/blog/lost-bag"), Resolved::Post(Lang::En, "lost-bag".into()));
        assert_eq!(resolve("/pt/blog/lost-bag"), Resolved::Post(Lang::Pt, "lost-bag".into()));
        assert_eq!(resolve("/en/blog/lost-bag"), Resolved::RedirectTo("/blog/lost-bag".into()));
    }

    #[test]
    fn every_page_resolves_from_its_own_path() {
        for page in Page::all() {
            for lang in Lang::ALL {
                assert_eq!(resolve(&lang.localize(&page.path())), Resolved::Page(lang, page));
            }
        }
    }
}
