import { afterEach, describe, expect, it } from 'vitest'
import { PAGE_DATA_ELEMENT_ID, resetPageDataForTests, takePageData } from './page-data'

function embed(text: string) {
  document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${text}</script>`
}

afterEach(() => {
  document.head.innerHTML = ''
  resetPageDataForTests()
})

describe('takePageData', () => {
  it('gives the embedded data to the page it was rendered for, once', () => {
    embed('{"path":"/es/blog/x","data":{"title":"Hola"}}')
    expect(takePageData('/es/blog/x')).toEqual({ title: 'Hola' })
    // Consumed: a later visit to the same address asks the API (or its cache).
    expect(takePageData('/es/blog/x')).toBeUndefined()
  })

  it('ignores data rendered for another address, and forgets it', () => {
    embed('{"path":"/","data":{"latest":[]}}')
    // The language detection moved the visitor from / to /es before anything rendered.
    expect(takePageData('/es')).toBeUndefined()
    expect(takePageData('/')).toBeUndefined()
  })

  it('reads the block only once, even if the element stays in the page', () => {
    embed('{"path":"/blog","data":{"items":[]}}')
    expect(takePageData('/blog')).toEqual({ items: [] })
    embed('{"path":"/blog","data":{"items":[1]}}')
    expect(takePageData('/blog')).toBeUndefined()
  })

  it('survives a missing, broken or incomplete block', () => {
    expect(takePageData('/')).toBeUndefined()
    resetPageDataForTests()
    embed('{not json')
    expect(takePageData('/')).toBeUndefined()
    resetPageDataForTests()
    embed('{"path":"/","data":null}')
    expect(takePageData('/')).toBeUndefined()
    resetPageDataForTests()
    embed('{"data":{"items":[]}}')
    expect(takePageData('/')).toBeUndefined()
  })
})
