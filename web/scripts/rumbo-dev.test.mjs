import { describe, expect, it } from 'vitest'
import { serverParts } from './rumbo-dev.mjs'

const template = {
  beforeHead: '\n<head><meta charset="UTF-8"><link rel="stylesheet" href="/assets/index-1.css">',
  beforeBody: '</head><body><div id="root">',
  rest: '</div><script type="module" src="/assets/index-1.js"></script></body></html>',
}

function render(lang, head, body) {
  return `<!doctype html><html lang="${lang}" dir="ltr">${template.beforeHead}${head}${template.beforeBody}${body}${template.rest}`
}

describe('make dev: the server’s parts of a page', () => {
  it('are its <html> tag, what it put in the head, and the body', () => {
    const head = '<title>Blog | Rumbo</title><link rel="canonical" href="http://localhost:8080/es/blog">'
    const parts = serverParts(render('es', head, '<p>Hola</p>'), template)
    expect(parts).toEqual({ htmlTag: '<html lang="es" dir="ltr">', head, body: '<p>Hola</p>' })
  })

  it('are none when the page was not rendered from this template', () => {
    expect(serverParts('<html lang="pt"><head></head><body>other</body></html>', template)).toBeNull()
  })
})
