/**
 * What a person recognises in a User-Agent: the browser and the system, by their own names
 * ("Chrome", "iPhone"), which the page puts into a sentence in its language. Order matters:
 * Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", an iPhone
 * also says "Mac OS X", Android also says "Linux".
 */
export interface DeviceKind {
  browser: string | null
  system: string | null
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+ .*Safari\/|\bMobile\/\w+ Safari\//, 'Safari'],
]

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const first = (table: ReadonlyArray<readonly [RegExp, string]>, text: string) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null

export function deviceKind(userAgent: string | null | undefined): DeviceKind {
  const text = userAgent ?? ''
  return { browser: first(BROWSERS, text), system: first(SYSTEMS, text) }
}

/** The sentences a device's name is made of, in the page's language (`account:devices.*`). */
export interface DeviceWords {
  browserOn: (browser: string, system: string) => string
  browserOnly: (browser: string) => string
  someBrowserOn: (system: string) => string
  unknown: () => string
}

/** "Chrome on Windows", "Safari on iPhone", "A browser on Android", "Unknown device". */
export function deviceName(kind: DeviceKind, words: DeviceWords): string {
  if (kind.browser && kind.system) return words.browserOn(kind.browser, kind.system)
  if (kind.browser) return words.browserOnly(kind.browser)
  if (kind.system) return words.someBrowserOn(kind.system)
  return words.unknown()
}
