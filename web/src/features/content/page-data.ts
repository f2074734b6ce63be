/**
 * The page's data, embedded by the server as
 * `<script type="application/json" id="rumbo-page">{"path": "/es/blog/x", "data": …}</script>`
 * (docs/decisions/002, addendum), so the first page renders without a second request.
 */
export const PAGE_DATA_ELEMENT_ID = 'rumbo-page'

interface PageBlock {
  path: string
  data: unknown
}

// undefined: not read yet; null: read and used (or absent, or broken).
let block: PageBlock | null | undefined

function readBlock(doc: Document): PageBlock | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Partial<PageBlock> | null
    return parsed && typeof parsed.path === 'string' && parsed.data !== undefined && parsed.data !== null
      ? { path: parsed.path, data: parsed.data }
      : null
  } catch {
    return null
  }
}

/**
 * The embedded data if it was rendered for `path`, else undefined. The block is
 * read once and consumed by the first call: it describes the page the server
 * answered, and is stale for any later navigation.
 */
export function takePageData(path: string, doc: Document = document): unknown {
  const current = block === undefined ? readBlock(doc) : block
  block = null
  return current && current.path === path ? current.data : undefined
}

/** Tests only: forget what was read. */
export function resetPageDataForTests(): void {
  block = undefined
}
