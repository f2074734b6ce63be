import { describe, expect, it } from 'vitest'
import theme from './theme.css?raw'

const colors = new Map([...theme.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]))
colors.set('white', '#ffffff')
colors.set('slate-600', '#45556c') // Tailwind v4 slate, sRGB approximation of its oklch value
colors.set('slate-700', '#314158')
colors.set('slate-500', '#62748e')

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].toSorted((a, b) => b - a)
  return (light! + 0.05) / (dark! + 0.05)
}

// [text, background, minimum]: 4.5 for text, 3 for focus rings and large display text.
const pairs: Array<[string, string, number]> = [
  ['slate-700', 'sand-50', 4.5],
  ['slate-600', 'sand-100', 4.5],
  ['slate-600', 'white', 4.5],
  ['ocean-900', 'sand-50', 4.5],
  ['ocean-800', 'sand-100', 4.5],
  ['ocean-700', 'sand-50', 4.5],
  ['ocean-700', 'white', 4.5],
  ['white', 'coral-600', 4.5],
  ['white', 'coral-700', 4.5],
  ['white', 'ocean-700', 4.5],
  ['white', 'ocean-800', 4.5],
  ['sand-100', 'ocean-900', 4.5],
  ['ocean-100', 'ocean-900', 4.5],
  ['ocean-200', 'ocean-900', 4.5],
  ['ocean-100', 'ocean-800', 4.5],
  ['coral-700', 'sand-50', 4.5],
  ['coral-700', 'coral-50', 4.5],
  ['ocean-900', 'sand-200', 4.5],
  ['ocean-900', 'ocean-50', 4.5],
  ['coral-600', 'white', 3],
  ['coral-600', 'sand-50', 3],
  ['coral-400', 'ocean-900', 3],
  // Auth forms, dialog and toasts.
  ['ocean-900', 'white', 4.5],
  ['coral-700', 'white', 4.5],
  ['slate-600', 'sand-50', 4.5], // captions and meta on the page
  ['slate-700', 'ocean-50', 4.5], // the partner alert
  ['slate-700', 'sand-100', 4.5], // quotes and the end-of-list note
  ['ocean-800', 'ocean-50', 4.5], // hovered filter pills
  ['ocean-700', 'ocean-50', 4.5], // explore icons (3:1 would do)
  ['slate-500', 'white', 3], // input borders (WCAG 1.4.11)
  ['coral-100', 'ocean-800', 4.5], // the newsletter form's error on the footer
  ['slate-600', 'sand-50', 4.5], // the ad caption
  ['ocean-900', 'coral-50', 4.5], // the test-mode notice (its label: coral-700 on coral-50)
  ['coral-600', 'coral-50', 3], // the test-mode notice's border (WCAG 1.4.11)
  ['coral-700', 'ocean-50', 4.5], // the store: a sale price or "Only N left" in the chosen variant
  ['slate-600', 'ocean-50', 4.5], // the store: the struck-through price in the chosen variant
]

describe('palette contrast (WCAG AA)', () => {
  for (const [text, background, minimum] of pairs) {
    it(`${text} on ${background} ≥ ${minimum}`, () => {
      const fg = colors.get(text)
      const bg = colors.get(background)
      expect(fg && bg, `unknown colour in ${text}/${background}`).toBeTruthy()
      expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(minimum)
    })
  }
})
