import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { useLocation } from 'react-router'

type FocusTarget = 'first' | 'last' | null

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return [...(root?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])]
}

/**
 * A small accessible disclosure (button + panel), the APG pattern for site
 * navigation menus: aria-expanded/aria-controls on the button, Escape closes
 * and returns focus, arrow keys move between items marked `data-menu-item`,
 * and it closes on any navigation, outside click or focus leaving it.
 * Hand-built instead of Radix to stay inside the initial JavaScript budget.
 */
export function useDisclosure({ focusFirstOnOpen = false } = {}) {
  const location = useLocation()
  // Remember the location it was opened at: any navigation closes it, with no effect needed.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === location.key
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const pendingFocus = useRef<FocusTarget>(null)
  const panelId = useId()


  const close = useCallback((returnFocus = false) => {
    setOpenAt(null)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  const show = (focus: FocusTarget) => {
    pendingFocus.current = focus
    setOpenAt(location.key)
  }

  useEffect(() => {
    if (!open) return
    const target = pendingFocus.current
    pendingFocus.current = null
    if (target) menuItems(rootRef.current).at(target === 'first' ? 0 : -1)?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, close])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      close(true)
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return
    const list = menuItems(rootRef.current)
    const index = list.indexOf(document.activeElement as HTMLElement)
    if (!open) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
      event.preventDefault()
      show(event.key === 'ArrowUp' ? 'last' : 'first')
      return
    }
    event.preventDefault()
    const last = list.length - 1
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? (index + 1) % list.length : index <= 0 ? last : index - 1
    list[next]?.focus()
  }

  const onBlur = (event: FocusEvent) => {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close()
  }

  return {
    open,
    close,
    rootProps: { ref: rootRef, onKeyDown, onBlur },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => (open ? close() : show(focusFirstOnOpen ? 'first' : null)),
    },
    panelProps: { id: panelId, hidden: !open },
  }
}
