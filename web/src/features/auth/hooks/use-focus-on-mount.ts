import { useEffect, useRef } from 'react'

/** A ref whose element (a heading with tabIndex -1, a panel) takes the focus when it appears. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}
