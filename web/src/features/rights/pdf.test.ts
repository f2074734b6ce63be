import { describe, expect, it } from 'vitest'
import { encodeWinAnsi, renderPdf, wrap } from './pdf'

const text = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('')

/** Checks every xref entry points at "N 0 obj", and startxref at "xref". */
function checkXref(pdf: string) {
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1])
  expect(pdf.slice(startxref, startxref + 4)).toBe('xref')
  const [, count] = /xref\n0 (\d+)\n/.exec(pdf.slice(startxref))!
  const entries = pdf.slice(startxref).split('\n').slice(3, 2 + Number(count))
  expect(entries).toHaveLength(Number(count) - 1)
  entries.forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/)
    const offset = Number(entry.slice(0, 10))
    expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`)
  })
  return Number(count)
}

describe('renderPdf', () => {
  it('starts with %PDF-1.4 and has a correct xref', () => {
    const pdf = text(renderPdf('Reclamación', 'Muy señores míos:\n\nReclamo 600 €.'))
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf.endsWith('%%EOF\n')).toBe(true)
    expect(checkXref(pdf)).toBe(7)
    expect(pdf).toContain('/Encoding /WinAnsiEncoding')
    expect(pdf).toContain('/MediaBox [0 0 595 842]')
  })

  it('stream lengths match their content', () => {
    const pdf = text(renderPdf('T', 'Hello'))
    for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index + m[0].length
      expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream')
    }
  })

  it('encodes accents, ñ, ç, €, £ in WinAnsi', () => {
    const pdf = text(renderPdf('Título', 'á é í ó ú ã õ ç ñ € £ “x” — ok'))
    expect(pdf).toContain('(T\\355tulo)')
    expect(pdf).toContain('\\341 \\351 \\355 \\363 \\372 \\343 \\365 \\347 \\361 \\200 \\243 \\223x\\224 \\227 ok')
  })

  it('wraps a long title', () => {
    const pdf = text(renderPdf('Claim under passenger rights — flight [flight number], Madrid (MAD) → Bogotá (BOG), 10 March 2026', 'x'))
    expect(pdf).toContain('(Claim under passenger rights \\227 flight [flight number], Madrid) Tj')
    expect(pdf).toContain('(\\(MAD\\) -> Bogot\\341 \\(BOG\\), 10 March 2026) Tj')
  })

  it('breaks long letters onto several pages', () => {
    const body = Array.from({ length: 160 }, (_, i) => `Line ${i + 1}`).join('\n')
    const pdf = text(renderPdf('Long', body))
    const count = Number(/\/Count (\d+)/.exec(pdf)?.[1])
    expect(count).toBeGreaterThanOrEqual(3)
    expect(checkXref(pdf)).toBe(5 + count * 2)
    expect(pdf).toContain('(Line 160) Tj')
  })
})

describe('encodeWinAnsi and wrap', () => {
  it('escapes parentheses and backslashes, replaces arrows', () => {
    expect(encodeWinAnsi('a (b) \\ c → d')).toBe('a \\(b\\) \\\\ c -> d')
    expect(encodeWinAnsi('日本')).toBe('??')
  })
  it('wraps on words and cuts words longer than a line', () => {
    expect(wrap('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc'])
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij'])
    expect(wrap('a\n\nb', 10)).toEqual(['a', '', 'b'])
  })
})
