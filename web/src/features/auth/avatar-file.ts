/**
 * What the account page checks before sending a picture (docs/product.md#profiles): the server
 * takes a PNG, JPEG or WebP of at most 2 MB (server/src/profiles/avatar.rs) and says so again.
 */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024

/** The file input's `accept`: the same three types. */
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',')

// Some systems give no type for a file; its name's ending stands in for it.
const EXTENSIONS = /\.(png|jpe?g|webp)$/i

export type AvatarFileProblem = 'unsupported' | 'tooLarge'

/** Why `file` would be refused, or null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): AvatarFileProblem | null {
  const typed = file.type === '' ? EXTENSIONS.test(file.name) : (AVATAR_TYPES as readonly string[]).includes(file.type)
  if (!typed) return 'unsupported'
  return file.size > AVATAR_MAX_BYTES ? 'tooLarge' : null
}
