import { useState } from 'react'
import { initials } from '../display-name'

/** The initials' box for a size: 36 px, 44 px ('large') or 96 px ('xl', the account page's photo). */
function initialsSize(size: number): 'large' | 'xl' | undefined {
  if (size > 80) return 'xl'
  return size > 40 ? 'large' : undefined
}

/** The profile picture when there is one (and it loads); the name's initials otherwise. Decorative. */
export function Avatar({ name, url, size = 36 }: { name: string; url?: string | null | undefined; size?: number }) {
  // The address that failed to load: a new picture gets its own chance.
  const [broken, setBroken] = useState<string | null>(null)
  const dimension = { width: size, height: size }
  if (url && url !== broken) {
    return <img src={url} alt="" {...dimension} onError={() => setBroken(url)} className="rounded-full object-cover" />
  }
  return (
    <span aria-hidden="true" className="avatar-initials" data-size={initialsSize(size)}>
      {initials(name)}
    </span>
  )
}
