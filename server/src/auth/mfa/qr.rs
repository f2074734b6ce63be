//! The enrolment QR code: the `otpauth://` URI as SVG markup in a data URI, as GoTrue answers
//! `totp.qr_code`. Colours are named, not `#rrggbb`: a `#` would end a data URI early.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

pub fn svg_data_uri(text: &str) -> anyhow::Result<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)?;
    let markup =
        code.render::<svg::Color>().min_dimensions(200, 200).dark_color(svg::Color("black")).light_color(svg::Color("white")).build();
    Ok(format!("data:image/svg+xml;utf-8,{markup}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_qr_code_is_an_svg_data_uri_without_fragment_marks() {
        let uri = super::svg_data_uri("otpauth://totp/Rumbo:ana%40example.com?secret=GEZDGNBV&issuer=Rumbo").unwrap();
        assert!(uri.starts_with("data:image/svg+xml;utf-8,<?xml") || uri.starts_with("data:image/svg+xml;utf-8,<svg"), "{}", &uri[..60]);
        assert!(uri.contains("<svg") && !uri.contains('#'));
    }
}
