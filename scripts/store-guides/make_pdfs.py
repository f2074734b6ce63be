#!/usr/bin/env python3
"""Build the store's downloadable guides as PDF files.

Reads scripts/store-guides/<slug>/<lang>.md and writes
content/products/<slug>/files/<lang>.pdf. No dependencies beyond Python 3.

The source is a small Markdown subset, one block per line or paragraph:

    # Title                 the guide's title (first line; also the page header)
    ## Heading              section heading
    ### Subheading          smaller heading
    plain lines             a paragraph (consecutive lines are joined)
    - item                  bullet
    - [ ] item              checkbox to tick on paper
    1. item                 numbered step
    > text                  quoted template wording (consecutive lines joined)
    [field Label]           a label followed by a line to write on
    [lines N]               N ruled lines to write on
    [pagebreak]             start a new page

Inside paragraphs, bullets and quotes, **text** is set in bold.

The writer is a minimal PDF 1.4 one: A4 pages, the standard Helvetica and
Helvetica-Bold fonts with WinAnsiEncoding (text encoded as cp1252), word
wrapping measured with the fonts' AFM widths, a header and page numbers. The
output is deterministic (no dates, no random IDs) and each file is re-read
and checked after writing.

Usage: python3 scripts/store-guides/make_pdfs.py [slug ...]
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "scripts", "store-guides")
PRODUCTS = os.path.join(ROOT, "content", "products")
LANGS = ("en", "es", "pt")
MAX_BYTES = 60 * 1024
MIN_PAGES, MAX_PAGES = 2, 4

# --- Font metrics ------------------------------------------------------------
# Advance widths (1/1000 em) of the WinAnsiEncoding codes 32..255, from Adobe's
# Core 14 AFM files for Helvetica and Helvetica-Bold. Codes WinAnsi leaves
# undefined (129, 141, 143, 144, 157) are 0 and rejected by encode().

HELVETICA = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 350,
    556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
    0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
    400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
]

HELVETICA_BOLD = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 350,
    556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
    0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
    400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
    722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
    611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
]

FONTS = {"F1": ("Helvetica", HELVETICA), "F2": ("Helvetica-Bold", HELVETICA_BOLD)}
REGULAR, BOLD = "F1", "F2"


def encode(text):
    """Text as WinAnsi (cp1252) bytes; anything the fonts cannot show is an error."""
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    data = text.encode("cp1252")
    for byte in data:
        if byte < 32 or FONTS[REGULAR][1][byte - 32] == 0:
            raise ValueError("character not in WinAnsiEncoding: %r in %r" % (bytes([byte]), text))
    return data


def width(text, font, size):
    widths = FONTS[font][1]
    return sum(widths[b - 32] for b in encode(text)) * size / 1000.0


def pdf_string(data):
    """A PDF literal string for already encoded bytes."""
    out = bytearray(b"(")
    for b in data:
        if b in (0x28, 0x29, 0x5C):  # ( ) \
            out += b"\\" + bytes([b])
        elif b >= 0x80:
            out += b"\\%03o" % b
        else:
            out.append(b)
    out += b")"
    return bytes(out)


# --- Page geometry and style -------------------------------------------------

PAGE_W, PAGE_H = 595.276, 841.89          # A4 in points
MARGIN_L, MARGIN_R = 62.0, 62.0
TOP = PAGE_H - 96.0                       # first baseline of body text
BOTTOM = 72.0                             # lowest baseline of body text
TEXT_W = PAGE_W - MARGIN_L - MARGIN_R

BRAND = (0.059, 0.298, 0.361)             # deep ocean teal  #0f4c5c
CORAL = (0.937, 0.416, 0.290)             # coral accent      #ef6a4a
SAND = (0.890, 0.812, 0.663)              # sand              #e3cfa9
SAND_LIGHT = (0.969, 0.945, 0.902)        # sand surface      #f7f1e6
SLATE = (0.200, 0.255, 0.333)             # slate text        #334155
MUTED = (0.392, 0.455, 0.545)             # muted slate       #64748b

BODY_SIZE, BODY_LEAD = 10.5, 15.0
STYLES = {
    "title": (BOLD, 22.0, 27.0, BRAND),
    "h2": (BOLD, 13.5, 18.0, BRAND),
    "h3": (BOLD, 11.0, 15.0, SLATE),
    "body": (REGULAR, BODY_SIZE, BODY_LEAD, SLATE),
}


def fmt(x):
    s = ("%.2f" % x).rstrip("0").rstrip(".")
    return s if s != "-0" else "0"


def rgb(color, stroke=False):
    return ("%s %s %s %s" % (fmt(color[0]), fmt(color[1]), fmt(color[2]), "RG" if stroke else "rg")).encode()


# --- Markdown subset ---------------------------------------------------------

def parse(source):
    """Blocks as (kind, text) tuples; the first block is the title."""
    blocks, para, quote = [], [], []

    def flush():
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()
        if quote:
            blocks.append(("quote", " ".join(quote)))
            quote.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("# "):
            flush()
            blocks.append(("title", line[2:].strip()))
        elif line.startswith("## "):
            flush()
            blocks.append(("h2", line[3:].strip()))
        elif line.startswith("### "):
            flush()
            blocks.append(("h3", line[4:].strip()))
        elif line.startswith("- [ ] "):
            flush()
            blocks.append(("check", line[6:].strip()))
        elif line.startswith("- "):
            flush()
            blocks.append(("bullet", line[2:].strip()))
        elif re.match(r"\d+\. ", line):
            flush()
            number, _, text = line.partition(". ")
            blocks.append(("step", number + "\t" + text.strip()))
        elif line.startswith(">"):
            if para:
                flush()
            quote.append(line[1:].strip() or "\n")
        elif re.fullmatch(r"\[lines \d+\]", line):
            flush()
            blocks.append(("lines", line[7:-1]))
        elif line.startswith("[field ") and line.endswith("]"):
            flush()
            blocks.append(("field", line[7:-1].strip()))
        elif line == "[pagebreak]":
            flush()
            blocks.append(("pagebreak", ""))
        else:
            if quote:
                flush()
            para.append(line)
    flush()
    if not blocks or blocks[0][0] != "title":
        raise ValueError("a guide starts with a '# ' title line")
    if sum(1 for kind, _ in blocks if kind == "title") != 1:
        raise ValueError("a guide has exactly one '# ' title")
    return blocks


def words(text, base_font):
    """(word, font) pairs; **bold** spans switch to the bold font."""
    out = []
    for i, part in enumerate(text.split("**")):
        font = BOLD if i % 2 else base_font
        for word in part.split():
            out.append((word, font))
    if text.count("**") % 2:
        raise ValueError("unbalanced ** in %r" % text)
    return out


def wrap(text, base_font, size, max_width):
    """Lines of (word, font) runs whose measured width fits max_width."""
    space = FONTS[REGULAR][1][0] * size / 1000.0
    lines, line, used = [], [], 0.0
    for word, font in words(text, base_font):
        w = width(word, font, size)
        extra = w if not line else space + w
        if line and used + extra > max_width:
            lines.append(line)
            line, used = [], 0.0
            extra = w
        line.append((word, font))
        used += extra
    if line:
        lines.append(line)
    return lines


# --- Layout ------------------------------------------------------------------

class Layout:
    def __init__(self):
        self.pages = []
        self.new_page()

    def new_page(self):
        self.ops = []
        self.pages.append(self.ops)
        self.y = TOP

    def ensure(self, height):
        if self.y - height < BOTTOM:
            self.new_page()
            return True
        return False

    def text_line(self, x, y, runs, size, color):
        """Runs of (word, font) set from x, with one space between words."""
        out = [b"BT", rgb(color)]
        space = FONTS[REGULAR][1][0] * size / 1000.0
        cur_x = x
        current_font = None
        # Consecutive words in the same font become one string.
        groups = []
        for word, font in runs:
            if groups and groups[-1][1] == font:
                groups[-1][0].append(word)
            else:
                groups.append(([word], font))
        for gi, (ws, font) in enumerate(groups):
            text = " ".join(ws)
            if gi > 0:
                cur_x += space
            if font != current_font:
                out.append(b"/%s %s Tf" % (font.encode(), fmt(size).encode()))
                current_font = font
            out.append(b"1 0 0 1 %s %s Tm %s Tj" % (fmt(cur_x).encode(), fmt(y).encode(), pdf_string(encode(text))))
            cur_x += width(text, font, size)
        out.append(b"ET")
        self.ops.append(b"\n".join(out))

    def rule(self, x1, y1, x2, y2, color, line_width):
        self.ops.append(b"%s %s w %s %s m %s %s l S" % (
            rgb(color, True), fmt(line_width).encode(), fmt(x1).encode(), fmt(y1).encode(),
            fmt(x2).encode(), fmt(y2).encode()))

    def box(self, x, y, w, h, color, fill=False, line_width=1.0):
        if fill:
            self.ops.append(b"%s %s %s %s %s re f" % (rgb(color), fmt(x).encode(), fmt(y).encode(), fmt(w).encode(), fmt(h).encode()))
        else:
            self.ops.append(b"%s %s w %s %s %s %s re S" % (rgb(color, True), fmt(line_width).encode(), fmt(x).encode(), fmt(y).encode(), fmt(w).encode(), fmt(h).encode()))

    def paragraph(self, text, style="body", indent=0.0, space_after=7.0, keep=1):
        font, size, lead, color = STYLES[style]
        lines = wrap(text, font, size, TEXT_W - indent)
        self.ensure(lead * min(len(lines), max(keep, 2 if len(lines) > 1 else 1)))
        room = int((self.y - BOTTOM) // lead)  # lines that fit, as ensure() counts them
        # No widows: never carry a single last line over to the next page.
        split = room - 1 if len(lines) - room == 1 else room
        if 0 < split < 2:
            self.new_page()
            split = len(lines)
        for i, line in enumerate(lines):
            if i == split and split < len(lines):
                self.new_page()
            self.ensure(lead)
            self.text_line(MARGIN_L + indent, self.y, line, size, color)
            self.y -= lead
        self.y -= space_after

    def heading(self, text, style):
        font, size, lead, color = STYLES[style]
        before = 10.0 if style == "h2" else 6.0
        lines = wrap(text, font, size, TEXT_W)
        # Keep the heading with at least three lines of what follows.
        if not self.ensure(before + lead * len(lines) + BODY_LEAD * 3) and self.y < TOP:
            self.y -= before
        for line in lines:
            self.text_line(MARGIN_L, self.y, line, size, color)
            self.y -= lead
        if style == "h2":
            self.rule(MARGIN_L, self.y + lead - 7.0, MARGIN_L + 36, self.y + lead - 7.0, CORAL, 1.6)
            self.y -= 6.0
        else:
            self.y -= 1.0

    def item(self, text, marker):
        font, size, lead, color = STYLES["body"]
        indent = 18.0
        lines = wrap(text, font, size, TEXT_W - indent)
        self.ensure(lead * min(len(lines), 2))
        for i, line in enumerate(lines):
            self.ensure(lead)
            if i == 0:
                if marker == "bullet":
                    self.box(MARGIN_L + 4.0, self.y + 2.6, 3.6, 3.6, CORAL, fill=True)
                elif marker.isdigit():
                    self.text_line(MARGIN_L + 1.0, self.y, [(marker + ".", BOLD)], size, CORAL)
                else:
                    self.box(MARGIN_L + 1.5, self.y - 1.0, 9.0, 9.0, BRAND, line_width=0.9)
            self.text_line(MARGIN_L + indent, self.y, line, size, color)
            self.y -= lead
        self.y -= 3.0

    def quote(self, text):
        """Template wording on a sand panel; a lone '>' line separates its paragraphs."""
        font, size, lead, color = STYLES["body"]
        pad = 10.0
        rows = []  # runs of one line, or None for the gap between paragraphs
        for part in [p.strip() for p in text.split("\n")]:
            if not part:
                continue
            if rows:
                rows.append(None)
            rows.extend(wrap(part, font, size, TEXT_W - 2 * pad - 4.0))
        gap = lead * 0.5
        self.y -= 2.0
        i = 0
        while i < len(rows):
            self.ensure(lead * 2 + pad)
            chunk, used = [], 0.0
            while i < len(rows):
                if chunk and self.y - used < BOTTOM:
                    break
                chunk.append(rows[i])
                used += gap if rows[i] is None else lead
                i += 1
            while chunk and chunk[-1] is None:
                chunk.pop()
                used -= gap
            top = self.y + size + pad * 0.6
            bottom = self.y - used + lead - pad * 0.8
            self.box(MARGIN_L, bottom, TEXT_W, top - bottom, SAND_LIGHT, fill=True)
            self.box(MARGIN_L, bottom, 3.0, top - bottom, CORAL, fill=True)
            for row in chunk:
                if row is None:
                    self.y -= gap
                    continue
                self.text_line(MARGIN_L + pad + 4.0, self.y, row, size, color)
                self.y -= lead
            if i < len(rows):
                self.new_page()
        self.y -= pad + 4.0

    def field(self, label):
        font, size, lead, color = BOLD, 9.5, 22.0, SLATE
        self.ensure(lead)
        self.text_line(MARGIN_L, self.y, [(w, BOLD) for w in label.split()], size, color)
        start = MARGIN_L + width(label, font, size) + 8.0
        self.rule(start, self.y - 2.0, MARGIN_L + TEXT_W, self.y - 2.0, SAND, 0.8)
        self.y -= lead

    def writing_lines(self, count):
        gap = 21.0
        for _ in range(count):
            self.ensure(gap)
            self.rule(MARGIN_L, self.y - 2.0, MARGIN_L + TEXT_W, self.y - 2.0, SAND, 0.8)
            self.y -= gap
        self.y -= 4.0


def layout(blocks):
    page = Layout()
    title = blocks[0][1]
    previous = None
    for kind, text in blocks:
        if kind == "title":
            font, size, lead, color = STYLES["title"]
            for line in wrap(text, font, size, TEXT_W):
                page.text_line(MARGIN_L, page.y, line, size, color)
                page.y -= lead
            page.rule(MARGIN_L, page.y + 8.0, MARGIN_L + 60.0, page.y + 8.0, CORAL, 3.0)
            page.y -= 12.0
        elif kind in ("h2", "h3"):
            page.heading(text, kind)
        elif kind == "p":
            if previous in ("bullet", "check", "step"):
                page.y -= 4.0
            page.paragraph(text)
        elif kind == "bullet":
            page.item(text, "bullet")
        elif kind == "check":
            page.item(text, "check")
        elif kind == "step":
            number, text = text.split("\t", 1)
            page.item(text, number)
        elif kind == "quote":
            page.quote(text)
        elif kind == "field":
            page.field(text)
        elif kind == "lines":
            page.writing_lines(int(text))
        elif kind == "pagebreak":
            if page.y < TOP:
                page.new_page()
        previous = kind
    pages = [ops for ops in page.pages if ops]
    return title, pages


def decorate(title, pages):
    """Header and footer on every page."""
    total = len(pages)
    out = []
    for number, ops in enumerate(pages, 1):
        deco = Layout.__new__(Layout)
        deco.ops = []
        header_y = PAGE_H - 50.0
        deco.box(0, PAGE_H - 8.0, PAGE_W, 8.0, BRAND, fill=True)
        deco.text_line(MARGIN_L, header_y, [("Rumbo", BOLD)], 10.0, BRAND)
        brand_w = width("Rumbo", BOLD, 10.0)
        label = title
        max_label = TEXT_W - brand_w - 16.0
        while width(label, REGULAR, 8.5) > max_label:
            label = label[:-2].rstrip() + "…"
        deco.text_line(MARGIN_L + TEXT_W - width(label, REGULAR, 8.5), header_y, [(w, REGULAR) for w in label.split()], 8.5, MUTED)
        deco.rule(MARGIN_L, header_y - 9.0, MARGIN_L + TEXT_W, header_y - 9.0, SAND, 0.8)
        deco.rule(MARGIN_L, 50.0, MARGIN_L + TEXT_W, 50.0, SAND, 0.8)
        folio = "%d / %d" % (number, total)
        deco.text_line(MARGIN_L + TEXT_W - width(folio, REGULAR, 8.0), 36.0, [(w, REGULAR) for w in folio.split()], 8.0, MUTED)
        out.append(deco.ops + ops)
    return out


# --- PDF writer --------------------------------------------------------------

def utf16_text(text):
    """A PDF text string (UTF-16BE with BOM, as hex) for the document info."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


def write_pdf(title, lang, pages):
    """The bytes of a PDF 1.4 file with one content stream per page."""
    objects = []  # index i holds object number i + 1

    def add(body):
        objects.append(body)
        return len(objects)

    catalog = add(None)
    pages_id = add(None)
    fonts = {}
    for key in sorted(FONTS):
        fonts[key] = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>" % FONTS[key][0].encode())
    font_dict = b" ".join(b"/%s %d 0 R" % (key.encode(), fonts[key]) for key in sorted(fonts))
    page_ids = []
    for ops in pages:
        stream = b"\n".join(ops) + b"\n"
        content = add(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        page_ids.append(add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources << /Font << %s >> /ProcSet [/PDF /Text] >> /Contents %d 0 R >>"
            % (pages_id, fmt(PAGE_W).encode(), fmt(PAGE_H).encode(), font_dict, content)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R /Lang (%s) >>" % (pages_id, lang.encode())
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % p for p in page_ids), len(page_ids))
    info = add(b"<< /Title %s /Author (Rumbo) /Creator (Rumbo store-guides) /Producer (Rumbo make_pdfs.py) >>" % utf16_text(title))

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n" % (len(objects) + 1)
    out += b"0000000000 65535 f \n"
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, catalog, info, xref)
    return bytes(out)


def check_pdf(data):
    """Re-read a written file: header, trailer, xref offsets, stream lengths, pages."""
    assert data.startswith(b"%PDF-1.4\n"), "missing %PDF-1.4 header"
    assert data.rstrip().endswith(b"%%EOF"), "missing %%EOF"
    m = re.search(rb"startxref\n(\d+)\n%%EOF\s*$", data)
    assert m, "no startxref"
    xref = int(m.group(1))
    assert data[xref:xref + 5] == b"xref\n", "startxref does not point at the xref table"
    head = re.match(rb"xref\n0 (\d+)\n", data[xref:])
    assert head, "bad xref subsection header"
    count = int(head.group(1))
    table = data[xref + head.end():xref + head.end() + 20 * count]
    entries = [table[i * 20:(i + 1) * 20] for i in range(count)]
    assert entries[0] == b"0000000000 65535 f \n", "bad free-list head"
    for number, entry in enumerate(entries[1:], 1):
        assert re.fullmatch(rb"\d{10} 00000 n \n", entry), "bad xref entry %d" % number
        offset = int(entry[:10])
        marker = b"%d 0 obj\n" % number
        assert data[offset:offset + len(marker)] == marker, "xref entry %d points at %r" % (number, data[offset:offset + 12])
    trailer = data[xref + head.end() + 20 * count:]
    assert trailer.startswith(b"trailer\n<< /Size %d " % count), "trailer /Size does not match the xref table"
    for sm in re.finditer(rb"<< /Length (\d+) >>\nstream\n", data):
        end = sm.end() + int(sm.group(1))
        assert data[end:end + 11] == b"\nendstream\n", "stream /Length is wrong"
    pages = re.search(rb"/Type /Pages /Kids \[[^\]]*\] /Count (\d+)", data)
    assert pages, "no page tree"
    return int(pages.group(1))


def build(slug, lang):
    src = os.path.join(SOURCES, slug, lang + ".md")
    with open(src, encoding="utf-8") as f:
        blocks = parse(f.read())
    title, pages = layout(blocks)
    data = write_pdf(title, lang, decorate(title, pages))
    count = check_pdf(data)
    if not MIN_PAGES <= count <= MAX_PAGES:
        raise ValueError("%s/%s: %d pages (want %d-%d)" % (slug, lang, count, MIN_PAGES, MAX_PAGES))
    if len(data) > MAX_BYTES:
        raise ValueError("%s/%s: %d bytes (limit %d)" % (slug, lang, len(data), MAX_BYTES))
    out_dir = os.path.join(PRODUCTS, slug, "files")
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, lang + ".pdf")
    with open(out, "wb") as f:
        f.write(data)
    with open(out, "rb") as f:
        assert f.read() == data
    return count, len(data)


def main(argv):
    slugs = argv or sorted(
        d for d in os.listdir(SOURCES)
        if os.path.isdir(os.path.join(SOURCES, d)) and not d.startswith((".", "_")))
    failed = False
    for slug in slugs:
        for lang in LANGS:
            try:
                count, size = build(slug, lang)
                print("%-34s %s  %d pages  %6d bytes" % (slug, lang, count, size))
            except (ValueError, AssertionError, OSError) as err:
                failed = True
                print("%-34s %s  ERROR: %s" % (slug, lang, err), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
