/**
 * A tiny PDF 1.4 writer for the claim letter: A4 pages, Helvetica in WinAnsiEncoding (so
 * á é í ó ú ã õ ç ñ € £ print without embedding a font), word-wrapped lines, page breaks.
 * Built in the browser: the letter never leaves it. Mirrors server/src/consultations/case/pdf.rs.
 */

const PAGE_WIDTH = 595
const PAGE_HEIGHT = 842
const MARGIN = 56
const SIZE = 10.5
const TITLE_SIZE = 13
const LEADING = 14
/** Characters per line: Helvetica averages about half an em, so this stays inside the margins. */
const WIDTH_CHARS = 88
/** The same for the bold title, which is larger. */
const TITLE_WIDTH_CHARS = 66
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN - 2 * LEADING) / LEADING)

/** WinAnsi codes of the characters outside Latin-1 that letters use. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
}
/** Characters WinAnsi lacks, written with what it has. */
const FALLBACK: Record<string, string> = { '→': '->', '←': '<-', '≈': '~', '\u202f': ' ', '\u2009': ' ' }

/** A PDF string literal body in WinAnsiEncoding, ASCII-only (bytes ≥ 0x80 as octal escapes). */
export function encodeWinAnsi(text: string): string {
  let out = ''
  for (const raw of text) {
    const ch = FALLBACK[raw] ?? raw
    if (ch.length > 1) {
      out += encodeWinAnsi(ch)
      continue
    }
    const code = ch.codePointAt(0)!
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`
    else if (code >= 0x20 && code < 0x7f) out += ch
    else if (WIN_ANSI[ch] !== undefined) out += `\\${WIN_ANSI[ch].toString(8)}`
    else if (code >= 0xa0 && code <= 0xff) out += `\\${code.toString(8)}`
    else out += '?'
  }
  return out
}

/** Words onto lines of at most `width` characters (a longer word is cut); blank lines kept. */
export function wrap(text: string, width = WIDTH_CHARS): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while ([...word].length > width) {
        if (line) {
          lines.push(line)
          line = ''
        }
        lines.push([...word].slice(0, width).join(''))
        word = [...word].slice(width).join('')
      }
      if (line && [...line].length + 1 + [...word].length > width) {
        lines.push(line)
        line = word
      } else line = line ? `${line} ${word}` : word
    }
    lines.push(line)
  }
  return lines
}

function pageContent(title: string[], lines: string[]): string {
  const parts = ['BT', `${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`, `${LEADING} TL`]
  if (title.length) {
    parts.push(`/F2 ${TITLE_SIZE} Tf`)
    for (const line of title) parts.push(`(${encodeWinAnsi(line)}) Tj`, 'T*')
    parts.push('T*')
  }
  parts.push(`/F1 ${SIZE} Tf`)
  for (const line of lines) parts.push(`(${encodeWinAnsi(line)}) Tj`, 'T*')
  parts.push('ET')
  return parts.join('\n')
}

/** The PDF bytes of a document: a bold title on the first page, then `body` wrapped and paged. */
export function renderPdf(title: string, body: string): Uint8Array {
  const lines = wrap(body)
  const titleLines = wrap(title, TITLE_WIDTH_CHARS).filter(Boolean)
  const pages: string[] = []
  const first = Math.max(1, LINES_PER_PAGE - titleLines.length - 1)
  pages.push(pageContent(titleLines, lines.slice(0, first)))
  for (let i = first; i < lines.length; i += LINES_PER_PAGE) pages.push(pageContent([], lines.slice(i, i + LINES_PER_PAGE)))

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then a page and its content each.
  const objects: string[] = []
  const pageIds = pages.map((_, i) => 5 + i * 2)
  objects.push('<< /Type /Catalog /Pages 2 0 R >>')
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`)
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    )
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`)
  })

  // Every character is one byte (ASCII, plus the four marker bytes of the header), so string
  // lengths are byte offsets.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'
  const offsets: number[] = []
  let length = out.length
  for (const [i, object] of objects.entries()) {
    offsets.push(length)
    const chunk = `${i + 1} 0 obj\n${object}\nendobj\n`
    out += chunk
    length += chunk.length
  }
  const xref = length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return latin1Bytes(out)
}

/** Bytes of a string whose characters are all below U+0100. */
function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff
  return bytes
}

/** Saves `bytes` as a file through an object URL (nothing is uploaded). */
export function downloadPdf(filename: string, bytes: Uint8Array): void {
  const blob = new Blob([bytes as BlobPart], { type: 'application/pdf' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
