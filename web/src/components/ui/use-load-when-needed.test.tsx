import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLoadWhenNeeded } from './use-load-when-needed'

function Probe() {
  const [wanted, placeholder] = useLoadWhenNeeded<HTMLDivElement>()
  return <div ref={placeholder}>{wanted ? 'wanted' : 'waiting'}</div>
}

type Callback = (entries: { isIntersecting: boolean }[]) => void

describe('useLoadWhenNeeded', () => {
  let callback: Callback | undefined
  let observed: Element[] = []

  beforeEach(() => {
    observed = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: Callback) {
          callback = cb
        }
        observe(element: Element) {
          observed.push(element)
        }
        disconnect() {}
      },
    )
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('waits while the visitor does nothing and the placeholder is far away', () => {
    render(<Probe />)
    expect(screen.getByText('waiting')).toBeTruthy()
    expect(observed).toHaveLength(1)
    act(() => callback?.([{ isIntersecting: false }]))
    expect(screen.getByText('waiting')).toBeTruthy()
  })

  it('wants the content once the placeholder nears the viewport', () => {
    render(<Probe />)
    act(() => callback?.([{ isIntersecting: true }]))
    expect(screen.getByText('wanted')).toBeTruthy()
  })

  it.each(['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'])('wants the content on the first %s', (type) => {
    render(<Probe />)
    act(() => void window.dispatchEvent(new Event(type)))
    expect(screen.getByText('wanted')).toBeTruthy()
  })

  it('wants it at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Probe />)
    expect(screen.getByText('wanted')).toBeTruthy()
  })
})
