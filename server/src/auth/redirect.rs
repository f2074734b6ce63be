//! Where e-mail links and verification may send the browser: the site itself, or an address the
//! operator allowed (`AUTH_REDIRECT_ALLOW_LIST`). Anything else falls back to SITE_URL, so a
//! link can never become an open redirect that carries tokens to another site.

use url::Url;

use crate::config::Config;
use crate::platform::i18n::Lang;

/// The validated target for a requested `redirect_to`.
pub fn validate(config: &Config, requested: Option<&str>) -> String {
    let requested = requested.map(str::trim).filter(|r| !r.is_empty());
    match requested.and_then(|raw| Url::parse(raw).ok()) {
        Some(url) if same_site(&config.site_url, &url) || allow_listed(&config.auth.redirect_allow_list, url.as_str()) => url.into(),
        _ => config.site_url.to_string(),
    }
}

/// Same scheme and host; the port may differ only on loopback (dev servers on other ports).
fn same_site(site: &Url, url: &Url) -> bool {
    let loopback = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    site.scheme() == url.scheme()
        && site.host_str() == url.host_str()
        && (site.port_or_known_default() == url.port_or_known_default() || loopback)
}

fn allow_listed(patterns: &[String], url: &str) -> bool {
    patterns.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).any(|pattern| glob_match(pattern.as_bytes(), url.as_bytes()))
}

/// `**` matches anything, `*` anything within one host label or path segment (no `.` or `/`),
/// `?` one such character — GoTrue's glob with `.` and `/` as separators.
fn glob_match(pattern: &[u8], text: &[u8]) -> bool {
    match pattern {
        [] => text.is_empty(),
        [b'*', b'*', rest @ ..] => (0..=text.len()).any(|i| glob_match(rest, &text[i..])),
        [b'*', rest @ ..] => {
            let segment = text.iter().position(|c| matches!(c, b'.' | b'/')).unwrap_or(text.len());
            (0..=segment).any(|i| glob_match(rest, &text[i..]))
        }
        [b'?', rest @ ..] => matches!(text, [c, tail @ ..] if !matches!(c, b'.' | b'/') && glob_match(rest, tail)),
        [p, rest @ ..] => matches!(text, [c, tail @ ..] if c == p && glob_match(rest, tail)),
    }
}

/// The page language a redirect target points at (`/es/…`, `/pt/…`), if any.
pub fn lang_of(redirect: &str) -> Option<Lang> {
    let url = Url::parse(redirect).ok()?;
    let first = url.path().trim_start_matches('/').split('/').next()?;
    Lang::from_code(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(allow: &str) -> Config {
        Config::from_flags(&["--site-url", "https://rumbo.travel", "--auth-redirect-allow-list", allow])
    }

    #[test]
    fn same_site_targets_are_kept() {
        let config = config("");
        assert_eq!(validate(&config, Some("https://rumbo.travel/es/cuenta?x=1")), "https://rumbo.travel/es/cuenta?x=1");
    }

    #[test]
    fn foreign_or_broken_targets_fall_back_to_the_site() {
        let config = config("");
        for bad in
            ["https://evil.example/", "http://rumbo.travel/", "https://rumbo.travel.evil.example/", "javascript:alert(1)", "/relative"]
        {
            assert_eq!(validate(&config, Some(bad)), "https://rumbo.travel/", "{bad}");
        }
        assert_eq!(validate(&config, None), "https://rumbo.travel/");
    }

    #[test]
    fn allow_list_globs() {
        let config = config("https://*.rumbo-preview.dev/**,http://localhost:5173/**");
        assert_eq!(validate(&config, Some("https://pr-12.rumbo-preview.dev/es")), "https://pr-12.rumbo-preview.dev/es");
        assert_eq!(validate(&config, Some("http://localhost:5173/auth/callback")), "http://localhost:5173/auth/callback");
        assert_eq!(validate(&config, Some("https://a.b.rumbo-preview.dev/")), "https://rumbo.travel/", "* stays within one label");
        assert_eq!(validate(&config, Some("https://evil.dev/x.rumbo-preview.dev/")), "https://rumbo.travel/");
    }

    #[test]
    fn language_comes_from_the_path_prefix() {
        assert_eq!(lang_of("https://rumbo.travel/pt/conta"), Some(Lang::Pt));
        assert_eq!(lang_of("https://rumbo.travel/es"), Some(Lang::Es));
        assert_eq!(lang_of("https://rumbo.travel/blog"), None);
    }
}
