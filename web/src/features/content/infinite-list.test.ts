import { describe, expect, it } from 'vitest'
import { appendPage, isComplete, markFailed, markLoading, nextRequest, startList, type Page } from './infinite-list'

const page = (from: number, count: number, next: string | null): Page<{ id: string }> => ({
  items: Array.from({ length: count }, (_, i) => ({ id: `p${from + i}` })),
  next_cursor: next,
})
const idOf = (item: { id: string }) => item.id

describe('infinite list (SPEC §4: 3 more each time, up to 15, then the end)', () => {
  it('grows 3 at a time to exactly 15 and then asks for nothing more', () => {
    let list = startList(page(1, 3, 'c1'), 15)
    const sizes = [list.items.length]
    for (let round = 1; round < 10; round++) {
      const request = nextRequest(list, 3)
      if (!request) break
      expect(request.limit).toBe(3)
      list = appendPage(markLoading(list), page(list.items.length + 1, request.limit, `c${round + 1}`), idOf)
      expect(list.lastAdded).toBe(3)
      sizes.push(list.items.length)
    }
    expect(sizes).toEqual([3, 6, 9, 12, 15])
    // The API still has more, but 15 is the limit: the end message shows.
    expect(list.cursor).not.toBeNull()
    expect(isComplete(list)).toBe(true)
    expect(nextRequest(list, 3)).toBeNull()
  })

  it('never asks past the maximum, and cuts an oversized answer', () => {
    let list = startList(page(1, 13, 'c'), 15)
    expect(nextRequest(list, 3)).toEqual({ cursor: 'c', limit: 2 })
    list = appendPage(list, page(14, 5, 'd'), idOf)
    expect(list.items).toHaveLength(15)
    expect(isComplete(list)).toBe(true)
  })

  it('ends early when the API has no next page', () => {
    let list = startList(page(1, 3, 'c'), 15)
    list = appendPage(list, page(4, 2, null), idOf)
    expect(list.items).toHaveLength(5)
    expect(isComplete(list)).toBe(true)
    expect(nextRequest(list, 3)).toBeNull()
  })

  it('asks for one page at a time, and again after a failure', () => {
    const list = startList(page(1, 9, 'c'))
    expect(nextRequest(markLoading(list), 9)).toBeNull()
    const failed = markFailed(markLoading(list))
    expect(failed.failed).toBe(true)
    expect(nextRequest(failed, 9)).toEqual({ cursor: 'c', limit: 9 })
  })

  it('does not show an item twice', () => {
    const list = appendPage(startList(page(1, 3, 'c')), page(3, 3, null), idOf)
    expect(list.items.map(idOf)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5'])
    expect(list.lastAdded).toBe(2)
  })
})
