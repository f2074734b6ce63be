import { useState } from 'react'
import { initials } from '../display-name'

/** The profile picture when there is one (and it loads); the name's initials otherwise. Decorative. */
export function Avatar({ name, url, size = 36 }: { name: string; url?: string | null | undefined; size?: number }) {
  const [broken, setBroken] = useState(false)
  const dimension = { width: size, height: size }
  if (url && !broken) {
    return <img src={url} alt="" {...dimension} onError={() => setBroken(true)} className="rounded-full object-cover" />
  }
  return (
    <span aria-hidden="true" className="avatar-initials" data-size={size > 40 ? 'large' : undefined}>
      {initials(name)}
    </span>
  )
}
