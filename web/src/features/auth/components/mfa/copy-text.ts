/** Puts `text` on the clipboard; false when the browser refuses (no permission, no API). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** Saves `text` as a file named `fileName` through the browser's download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy of the blob once it started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const SVG_PREFIX = 'data:image/svg+xml;utf-8,'

/**
 * An <img> source for the QR code of an enrolment. auth-js puts `data:image/svg+xml;utf-8,` in
 * front of GoTrue's raw SVG markup; unescaped, a `#` in it (a colour) would end the URL there, so
 * the markup is percent-encoded. A source that is already a data URL is kept as it is.
 */
export function qrImageSource(qrCode: string): string {
  const rest = qrCode.startsWith(SVG_PREFIX) ? qrCode.slice(SVG_PREFIX.length) : qrCode
  if (rest.startsWith('data:')) return rest
  return rest.trimStart().startsWith('<') ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(rest)}` : qrCode
}

/** A base32 secret in groups of four, easier to read and type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret
}
