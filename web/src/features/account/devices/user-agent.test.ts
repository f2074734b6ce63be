import { describe, expect, it } from 'vitest'
import { dateText, whenText } from './last-seen'
import { deviceKind, deviceName, type DeviceWords } from './user-agent'

const AGENTS = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIpad: 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  operaMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeOs: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  androidWebView: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Mobile',
  node: 'node',
}

const words: DeviceWords = {
  browserOn: (browser, system) => `${browser} on ${system}`,
  browserOnly: (browser) => browser,
  someBrowserOn: (system) => `A browser on ${system}`,
  unknown: () => 'Unknown device',
}
const name = (agent: string | null | undefined) => deviceName(deviceKind(agent), words)

describe('the name of a signed-in device', () => {
  it('names the browser and the system as people know them', () => {
    expect(name(AGENTS.chromeWindows)).toBe('Chrome on Windows')
    expect(name(AGENTS.safariIphone)).toBe('Safari on iPhone')
    expect(name(AGENTS.safariMac)).toBe('Safari on macOS')
    expect(name(AGENTS.chromeIpad)).toBe('Chrome on iPad')
    expect(name(AGENTS.firefoxLinux)).toBe('Firefox on Linux')
    expect(name(AGENTS.firefoxIphone)).toBe('Firefox on iPhone')
    expect(name(AGENTS.chromeAndroid)).toBe('Chrome on Android')
    expect(name(AGENTS.chromeOs)).toBe('Chrome on ChromeOS')
    expect(name(AGENTS.headless)).toBe('Chrome on Linux')
  })

  it('tells apart the browsers that also say "Chrome" and "Safari"', () => {
    expect(name(AGENTS.edgeWindows)).toBe('Edge on Windows')
    expect(name(AGENTS.samsungAndroid)).toBe('Samsung Internet on Android')
    expect(name(AGENTS.operaMac)).toBe('Opera on macOS')
  })

  it('says what it can of the rest', () => {
    expect(name(AGENTS.androidWebView)).toBe('A browser on Android')
    expect(deviceKind('Mozilla/5.0 (X11) Firefox/133.0')).toEqual({ browser: 'Firefox', system: null })
    expect(name('Mozilla/5.0 (X11) Firefox/133.0')).toBe('Firefox')
    expect(name(AGENTS.node)).toBe('Unknown device')
    expect(name(null)).toBe('Unknown device')
    expect(name('')).toBe('Unknown device')
  })
})

describe('when a device was last active', () => {
  const now = Date.parse('2026-11-24T12:00:00Z')
  const ago = (ms: number) => new Date(now - ms).toISOString()

  it('says it as people do, in the page language, then as a date after a week', () => {
    expect(whenText(ago(20_000), now, 'en-US')).toBe('now')
    expect(whenText(ago(5 * 60_000), now, 'en-US')).toBe('5 minutes ago')
    expect(whenText(ago(3 * 3_600_000), now, 'en-US')).toBe('3 hours ago')
    expect(whenText(ago(26 * 3_600_000), now, 'en-US')).toBe('yesterday')
    expect(whenText(ago(3 * 86_400_000), now, 'es-419')).toBe('hace 3 días')
    expect(whenText(ago(5 * 60_000), now, 'pt-BR')).toBe('há 5 minutos')
    expect(whenText('2026-03-05T10:00:00Z', now, 'en-US')).toBe('Mar 5, 2026')
  })

  it('never says a time in the future, and nothing for a date it cannot read', () => {
    expect(whenText(new Date(now + 90_000).toISOString(), now, 'en-US')).toBe('now')
    expect(whenText('not a date', now, 'en-US')).toBe('')
    expect(dateText('2026-03-05T10:00:00Z', 'pt-BR')).toBe('5 de mar. de 2026')
  })
})
