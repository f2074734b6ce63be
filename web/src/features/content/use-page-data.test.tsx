import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json } from '../../test/content-fixtures'
import { PAGE_DATA_ELEMENT_ID, resetPageDataForTests } from './page-data'
import { loadQueryClient } from '../../lib/query/loader'
import { pageQueryKey, usePageData } from './use-page-data'

function Title({ url }: { url: string }) {
  const data = usePageData({ key: url, load: () => fetch(url).then((r) => r.json() as Promise<{ title: string }>) })
  return <h1>{data.title}</h1>
}

async function renderAt(path: string, url: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading</p>}>
          <Title url={url} />
        </Suspense>
      </MemoryRouter>,
    )
  })
}

afterEach(() => {
  cleanup()
  document.head.innerHTML = ''
  resetPageDataForTests()
  vi.unstubAllGlobals()
})

describe('usePageData', () => {
  it('renders the embedded data at once, without asking the API', async () => {
    const fetch = vi.fn<typeof window.fetch>()
    vi.stubGlobal('fetch', fetch)
    document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"path":"/pt/blog/a","data":{"title":"Embutido"}}</script>`
    await renderAt('/pt/blog/a', '/api/v1/posts/a?lang=pt')
    expect(screen.getByRole('heading').textContent).toBe('Embutido')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks the API when the data is for another page, then serves the answer from its cache', async () => {
    const fetch = vi.fn<typeof window.fetch>(async () => json({ title: 'From the API' }))
    vi.stubGlobal('fetch', fetch)
    document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"path":"/other","data":{"title":"Stale"}}</script>`
    await renderAt('/blog/a', '/api/v1/posts/a?lang=en')
    expect(await screen.findByRole('heading', { name: 'From the API' })).toBeTruthy()
    cleanup()
    await renderAt('/blog/a', '/api/v1/posts/a?lang=en')
    expect(screen.getByRole('heading').textContent).toBe('From the API')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('seeds the embedded data into the query cache when the client arrives', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof window.fetch>())
    document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"path":"/es/blog/b","data":{"title":"Sembrado"}}</script>`
    await renderAt('/es/blog/b', '/api/v1/posts/b?lang=es')
    const client = await loadQueryClient()
    expect(client.getQueryData(pageQueryKey('/api/v1/posts/b?lang=es'))).toEqual({ title: 'Sembrado' })
  })

  it('forgets a failed answer, so asking again fetches anew', async () => {
    const fetch = vi
      .fn<typeof window.fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementation(async () => json({ title: 'Back' }))
    vi.stubGlobal('fetch', fetch)
    const url = '/api/v1/posts/c?lang=en'
    const client = await loadQueryClient()
    await expect(client.fetchQuery({ queryKey: pageQueryKey(url), queryFn: () => fetch(url) })).rejects.toThrow('offline')
    client.removeQueries({ queryKey: pageQueryKey(url) })
    await renderAt('/blog/c', url)
    expect(await screen.findByRole('heading', { name: 'Back' })).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
