import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json } from '../../test/content-fixtures'
import { PAGE_DATA_ELEMENT_ID, resetPageDataForTests } from './page-data'
import { clearResourcesForTests } from './resource-cache'
import { usePageData } from './use-page-data'

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
  clearResourcesForTests()
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
})
