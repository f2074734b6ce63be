//! A plain PDF of the course of action (PDF 1.4, A4, the standard Helvetica fonts in
//! WinAnsiEncoding, so Spanish and Portuguese letters print without embedding a font).
//! Text is wrapped by character count, which Helvetica at 11 pt keeps inside the margins.

const PAGE_WIDTH: i32 = 595;
const PAGE_HEIGHT: i32 = 842;
const MARGIN: i32 = 56;
const LEADING: i32 = 15;
const WRAP: usize = 88;

/// A line of the document: a heading (bold, larger) or body text.
pub enum Line {
    Heading(String),
    Text(String),
    Blank,
}

/// The document's bytes.
pub fn render(title: &str, lines: &[Line]) -> Vec<u8> {
    let mut pages: Vec<String> = Vec::new();
    let mut content = String::new();
    let mut y = PAGE_HEIGHT - MARGIN;
    let put = |font: &str, size: i32, text: &str, content: &mut String, y: &mut i32, pages: &mut Vec<String>| {
        if *y < MARGIN + LEADING {
            pages.push(std::mem::take(content));
            *y = PAGE_HEIGHT - MARGIN;
        }
        content.push_str(&format!("BT /{font} {size} Tf {MARGIN} {y} Td ({}) Tj ET\n", encode(text)));
        *y -= if size > 11 { LEADING + 6 } else { LEADING };
    };
    put("F2", 16, title, &mut content, &mut y, &mut pages);
    for line in lines {
        match line {
            Line::Heading(text) => {
                for part in wrap(text, WRAP - 10) {
                    put("F2", 12, &part, &mut content, &mut y, &mut pages);
                }
            }
            Line::Text(text) => {
                for part in wrap(text, WRAP) {
                    put("F1", 11, &part, &mut content, &mut y, &mut pages);
                }
            }
            Line::Blank => y -= LEADING / 2,
        }
    }
    pages.push(content);
    document(&pages)
}

fn document(pages: &[String]) -> Vec<u8> {
    // Objects: 1 catalog, 2 pages, 3 regular font, 4 bold font, then a page and its content each.
    let mut objects: Vec<Vec<u8>> = Vec::new();
    let kids: Vec<String> = (0..pages.len()).map(|i| format!("{} 0 R", 5 + 2 * i)).collect();
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(format!("<< /Type /Pages /Kids [{}] /Count {} >>", kids.join(" "), pages.len()).into_bytes());
    objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec());
    objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".to_vec());
    for (i, page) in pages.iter().enumerate() {
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
                6 + 2 * i
            )
            .into_bytes(),
        );
        let mut stream = format!("<< /Length {} >>\nstream\n", page.len()).into_bytes();
        stream.extend_from_slice(page.as_bytes());
        stream.extend_from_slice(b"endstream");
        objects.push(stream);
    }
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(object);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    out
}

/// Words onto lines of at most `width` characters (a longer word is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let mut word = word.to_owned();
            while word.chars().count() > width {
                let head: String = word.chars().take(width).collect();
                word = word.chars().skip(width).collect();
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                lines.push(head);
            }
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

/// A PDF string in WinAnsiEncoding: Latin-1 letters as octal escapes, the typographic marks
/// the texts use mapped to their WinAnsi codes, anything else as `?`.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let code: u32 = match c {
            '€' => 0x80,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            c if (c as u32) < 0x100 => c as u32,
            _ => u32::from(b'?'),
        };
        match code {
            0x28 | 0x29 | 0x5c => {
                out.push('\\');
                out.push(c);
            }
            0x20..=0x7e => out.push(char::from_u32(code).unwrap_or('?')),
            _ => out.push_str(&format!("\\{code:03o}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_well_formed_pdf_with_accents() {
        let pdf = render("Plano de ação", &[Line::Heading("1. Reclamação (ANAC)".into()), Line::Text("Até 15/12 — €250".into())]);
        let text = String::from_utf8_lossy(&pdf);
        assert!(pdf.starts_with(b"%PDF-1.4") && text.trim_end().ends_with("%%EOF"));
        assert!(text.contains("(Plano de a\\347\\343o)") && text.contains("Reclama\\347\\343o \\(ANAC\\)"));
        assert!(text.contains("\\227 \\200250"));
        // The cross-reference table points at each object.
        let xref = text.rfind("startxref\n").unwrap();
        let offset: usize = text[xref + 10..].lines().next().unwrap().parse().unwrap();
        assert!(pdf[offset..].starts_with(b"xref"));
    }

    #[test]
    fn long_plans_wrap_and_flow_onto_more_pages() {
        let lines: Vec<Line> = (0..120).map(|i| Line::Text(format!("Step {i}: {}", "write to the airline ".repeat(8)))).collect();
        let text = String::from_utf8_lossy(&render("Plan", &lines)).into_owned();
        assert!(text.contains("/Count ") && !text.contains("/Count 1 "));
        assert!(wrap(&"word ".repeat(40), 88).iter().all(|line| line.chars().count() <= 88));
    }
}
