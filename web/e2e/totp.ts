import { createHmac } from 'node:crypto'

/** RFC 4648 base32 (any case; padding and spaces ignored) to bytes. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${JSON.stringify(char)}`)
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** RFC 6238 TOTP (HMAC-SHA-1, RFC 4226 dynamic truncation) of time step `step` (30 s steps). */
export function totpAt(key: Buffer, step: number, digits = 6): string {
  const counter = Buffer.alloc(8)
  counter.writeUInt32BE(Math.floor(step / 2 ** 32), 0)
  counter.writeUInt32BE(step >>> 0, 4)
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
  return String(binary % 10 ** digits).padStart(digits, '0')
}

const PERIOD = 30
const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD)

/**
 * An authenticator app for a secret: each code it gives is of a time step not used before (a
 * server may refuse a code it has already seen), the current one or, when that was used, the next
 * one (the server accepts one step of skew); past that it waits for time to move on.
 */
export class Authenticator {
  private lastStep = -1
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = base32Decode(secret)
  }

  async code(): Promise<string> {
    for (;;) {
      const now = currentStep()
      const step = Math.max(now, this.lastStep + 1)
      if (step <= now + 1) {
        this.lastStep = step
        return totpAt(this.key, step)
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }

  /** Six digits that no step from two before to two after now would give: surely refused. */
  wrongCode(): string {
    const now = currentStep()
    const window = [-2, -1, 0, 1, 2].map((delta) => totpAt(this.key, now + delta))
    let wrong = Number(window[2])
    do wrong = (wrong + 111_111) % 1_000_000
    while (window.includes(String(wrong).padStart(6, '0')))
    return String(wrong).padStart(6, '0')
  }
}

// RFC 6238 appendix B (SHA-1, secret "12345678901234567890"): the helpers check themselves once.
const RFC_KEY = base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
for (const [time, expected] of [[59, '94287082'], [1111111109, '07081804'], [1234567890, '89005924'], [20000000000, '65353130']] as const) {
  const got = totpAt(RFC_KEY, Math.floor(time / PERIOD), 8)
  if (got !== expected) throw new Error(`e2e/totp.ts: TOTP(T=${time}) = ${got}, RFC 6238 says ${expected}`)
}
