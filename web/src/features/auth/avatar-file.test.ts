import { describe, expect, it } from 'vitest'
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, avatarFileProblem } from './avatar-file'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('avatarFileProblem: what the browser refuses before sending a picture', () => {
  it('takes PNG, JPEG and WebP up to 2 MB (the server’s MAX_BYTES)', () => {
    expect(AVATAR_ACCEPT).toBe('image/png,image/jpeg,image/webp')
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024)
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(avatarFileProblem(file('a', type))).toBeNull()
    expect(avatarFileProblem(file('a.png', 'image/png', AVATAR_MAX_BYTES))).toBeNull()
  })

  it('refuses other types and larger files', () => {
    expect(avatarFileProblem(file('a.gif', 'image/gif'))).toBe('unsupported')
    expect(avatarFileProblem(file('a.svg', 'image/svg+xml'))).toBe('unsupported')
    expect(avatarFileProblem(file('a.pdf', 'application/pdf', 10))).toBe('unsupported')
    expect(avatarFileProblem(file('a.png', 'image/png', AVATAR_MAX_BYTES + 1))).toBe('tooLarge')
  })

  it('goes by the name when the system gives no type', () => {
    expect(avatarFileProblem(file('viaje.JPG', ''))).toBeNull()
    expect(avatarFileProblem(file('viaje.webp', '', AVATAR_MAX_BYTES + 1))).toBe('tooLarge')
    expect(avatarFileProblem(file('viaje.heic', ''))).toBe('unsupported')
  })
})
