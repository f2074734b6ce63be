// Loose on purpose: one "@" with something on each side and a dot in the domain.
// The server has the final word on what an address is.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Whether a typed address looks like one (sign-up, sign-in, the booking form). */
export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim())
}
