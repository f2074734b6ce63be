import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadQueryClient } from '../../../lib/query/loader'
import { json, postPage } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { InfinitePostList } from './InfinitePostList'

/** jsdom has no IntersectionObserver: this one reports "in view" when the test says so. */
const observers = new Set<FakeObserver>()
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observers.add(this)
  }
  disconnect() {
    observers.delete(this)
  }
  see() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver)
  }
}

async function seeEndMarker() {
  await act(async () => {
    for (const observer of Array.from(observers)) observer.see()
  })
}

let served = 0
async function api(url: string): Promise<Response> {
  const limit = Number(new URL(url, 'http://x').searchParams.get('limit'))
  const slugs = Array.from({ length: limit }, (_, i) => `post-${served + i + 1}`)
  served += limit
  return json(postPage(slugs, `after-${served}`))
}

beforeAll(async () => {
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  serveLocales(api)
  await switchLanguage('en', ['blog'])
  // The pages go through the query client, a lazy module: loaded once here, not within a step.
  await loadQueryClient()
})

afterEach(cleanup)

describe('InfinitePostList', () => {
  it('adds 3 posts each time the end marker is seen, up to 15, then shows the end message', async () => {
    served = 3
    render(
      <MemoryRouter>
        <InfinitePostList first={postPage(['post-1', 'post-2', 'post-3'], 'after-3')} pageSize={3} max={15} label="Travel insights" endMessage={<p>The end</p>} />
      </MemoryRouter>,
    )
    const list = screen.getByRole('list', { name: 'Travel insights' })
    const counts = [list.children.length]
    for (let i = 0; i < 6; i++) {
      await seeEndMarker()
      counts.push(list.children.length)
    }
    expect(counts).toEqual([3, 6, 9, 12, 15, 15, 15])
    expect(screen.getByText('The end')).toBeTruthy()
    expect(screen.getByText('Articles shown: 15 (3 new).')).toBeTruthy()
    expect(observers.size).toBe(0)
  })
})
