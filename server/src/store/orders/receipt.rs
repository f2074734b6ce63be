//! The receipt e-mail in the buyer's language, queued in the payment's transaction: lines,
//! totals, shipping address and, for digital goods, the download links.

use sqlx::AnyConnection;

use super::downloads::{self, signing_key};
use super::rows::{self, OrderRow};
use super::view::totals;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::html::escape;
use crate::platform::i18n::Lang;
use crate::platform::money::Money;
use crate::platform::words::{fill, words};
use crate::startup::AppState;
use crate::store::shipping;

const CELL: &str = "padding:6px 12px 6px 0;border-bottom:1px solid #efe3cc;";

/// The order's private page, as the receipt links it.
pub fn order_url(state: &AppState, lang: Lang, order_id: &str, token: &str) -> String {
    format!("{}{}?token={token}", state.config.site_origin(), lang.localize(&format!("/store/orders/{order_id}")))
}

fn language_name(code: &str) -> &'static str {
    match code {
        "es" => "Español",
        "pt" => "Português",
        _ => "English",
    }
}

pub async fn enqueue(state: &AppState, conn: &mut AnyConnection, order: &OrderRow, now: i64) -> sqlx::Result<()> {
    let lang = Lang::from_code(&order.language).unwrap_or(Lang::En);
    let w = words(lang);
    let money = |cents: i64| Money::new(cents, &order.currency).format(lang);
    let lines = rows::lines(&mut *conn, &order.id).await?;
    let mut lines_text = String::new();
    let mut lines_html = String::from(
        r#"<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 16px;">"#,
    );
    for line in &lines {
        let name = format!("{} — {}", line.name, line.variant_name);
        lines_text.push_str(&format!("- {} × {name}: {}\n", line.quantity, money(line.line_total_cents)));
        lines_html.push_str(&format!(
            r#"<tr><td style="{CELL}">{} × {}</td><td style="{CELL}text-align:right;white-space:nowrap;">{}</td></tr>"#,
            line.quantity,
            escape(&name),
            escape(&money(line.line_total_cents))
        ));
    }
    lines_html.push_str("</table>");
    let t = totals(order);
    let mut rows_of_totals = vec![(w.receipt_subtotal.clone(), money(t.subtotal_cents))];
    if let Some(code) = &order.discount_code {
        rows_of_totals.push((fill(&w.receipt_discount, &[("code", code)]), format!("−{}", money(t.discount_cents))));
    }
    if let Some(method) = &order.shipping_method {
        let name =
            shipping::settings(&mut *conn).await?.and_then(|r| shipping::method_name(&r, method, lang)).unwrap_or_else(|| method.clone());
        let price = if t.shipping_cents == 0 { w.receipt_free.clone() } else { money(t.shipping_cents) };
        rows_of_totals.push((fill(&w.receipt_shipping, &[("method", &name)]), price));
    }
    rows_of_totals.push((w.receipt_total.clone(), money(t.total_cents)));
    let totals_text = rows_of_totals.iter().map(|(label, value)| format!("{label}: {value}")).collect::<Vec<_>>().join("\n");
    let totals_html = format!(
        r#"<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 16px;">{}</table>"#,
        rows_of_totals
            .iter()
            .map(|(label, value)| format!(
                r#"<tr><th scope="row" style="text-align:left;{CELL}">{}</th><td style="{CELL}text-align:right;">{}</td></tr>"#,
                escape(label),
                escape(value)
            ))
            .collect::<String>()
    );
    let (shipping_text, shipping_html) = match order.address() {
        Some(a) => {
            let parts: Vec<String> = [a.name, a.line1, a.line2, format!("{} {}", a.postal_code, a.city), a.region, a.country]
                .into_iter()
                .filter(|p| !p.trim().is_empty())
                .collect();
            (
                format!("\n{}\n", parts.join("\n")),
                format!("<p style=\"margin:0 0 16px;\">{}</p>", parts.iter().map(|p| escape(p)).collect::<Vec<_>>().join("<br>")),
            )
        }
        None => (String::new(), String::new()),
    };
    let rights = downloads::of_order(&mut *conn, &order.id).await?;
    let (mut downloads_text, mut downloads_html) = (String::new(), String::new());
    if !rights.is_empty() {
        let key = signing_key(&mut *conn).await?;
        let days = state.config.store.download_days.to_string();
        let count = state.config.store.download_limit.to_string();
        for right in &rights {
            let url = downloads::link(state.config.site_origin(), &key, right);
            let label = fill(
                &w.receipt_download,
                &[("name", &right.name), ("language", language_name(&right.lang)), ("days", &days), ("count", &count)],
            );
            downloads_text.push_str(&format!("\n{label}\n{url}\n"));
            downloads_html.push_str(&format!(
                r#"<p style="margin:0 0 12px;">{}<br><a href="{}" style="color:#134746;font-weight:bold;word-break:break-all;">{}</a></p>"#,
                escape(&label),
                escape(&url),
                escape(&right.name)
            ));
        }
    }
    let token = crate::platform::token::AccessToken::generate();
    sqlx::query("UPDATE store_orders SET receipt_token_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(&order.id)
        .bind(token.hash())
        .bind(now)
        .execute(&mut *conn)
        .await?;
    let link = order_url(state, lang, &order.id, &token.raw);
    let vars = [
        ("order_number", order.number.as_str()),
        ("order_url", link.as_str()),
        ("lines_text", lines_text.trim_end()),
        ("lines_html", lines_html.as_str()),
        ("totals_text", totals_text.as_str()),
        ("totals_html", totals_html.as_str()),
        ("shipping_text", shipping_text.as_str()),
        ("shipping_html", shipping_html.as_str()),
        ("downloads_text", downloads_text.as_str()),
        ("downloads_html", downloads_html.as_str()),
    ];
    mail::enqueue(conn, &state.config, NewEmail { to: &order.email, lang, kind: MailKind::OrderReceipt, vars: &vars }).await.map(drop)
}
