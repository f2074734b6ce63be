// `make dev`: Vite's dev server (hot reload) in front of the Rust server. Vite serves the app's
// modules; the API, auth, media and mailbox are proxied to the server; and every page gets the
// head the server renders for it (localized title, canonical, hreflang, config and page-data
// blocks: docs/decisions/002-page-shell.md), so the app starts exactly as it does in production.
import { readFileSync } from 'node:fs'

const HEAD = '<!--rumbo:head-->'
const BODY = '<!--rumbo:body-->'
const HTML_OPEN = '<html lang="en">'
const PROXIED = ['/api', '/auth', '/media', '/dev', '/sitemap.xml', '/robots.txt', '/health', '/ready', '/store/feed.xml']

/** The built template cut at its markers, as the server cuts it (server/src/seo/shell.rs). */
function cutTemplate(html) {
  const [, afterHtml] = split(html, HTML_OPEN)
  const [beforeHead, afterHead] = split(afterHtml, HEAD)
  const [beforeBody, rest] = split(afterHead, BODY)
  return { beforeHead, beforeBody, rest }
}

function split(text, marker) {
  const at = text.indexOf(marker)
  if (at < 0) throw new Error(`web/dist/index.html lacks ${marker}: run \`make web\` first`)
  return [text.slice(0, at), text.slice(at + marker.length)]
}

/** What the server put into the template for one page: its <html> tag, head and body. */
export function serverParts(rendered, template) {
  const htmlTag = rendered.match(/<html [^>]*>/)?.[0] ?? HTML_OPEN
  const headStart = rendered.indexOf(template.beforeHead)
  const bodyStart = rendered.indexOf(template.beforeBody, headStart)
  const restStart = rendered.lastIndexOf(template.rest)
  if (headStart < 0 || bodyStart < 0 || restStart < bodyStart) return null
  return {
    htmlTag,
    head: rendered.slice(headStart + template.beforeHead.length, bodyStart),
    body: rendered.slice(bodyStart + template.beforeBody.length, restStart),
  }
}

/** Vite plugin: the server's head and body in Vite's index.html, and the server's routes proxied. */
export function rumboDev(server = process.env.RUMBO_DEV_SERVER ?? 'http://127.0.0.1:8080') {
  let template = null
  return {
    name: 'rumbo-dev',
    apply: 'serve',
    config() {
      return { server: { proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: server, changeOrigin: false }])) } }
    },
    async transformIndexHtml(html, ctx) {
      template ??= cutTemplate(readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8'))
      let rendered
      try {
        const response = await fetch(new URL(ctx.originalUrl ?? ctx.path, server), { headers: { accept: 'text/html' } })
        rendered = await response.text()
      } catch {
        console.warn(`rumbo-dev: ${server} does not answer; the page starts without the server's head`)
        return html
      }
      const parts = serverParts(rendered, template)
      if (!parts) return html
      return html.replace(HTML_OPEN, parts.htmlTag).replace(HEAD, parts.head).replace(BODY, parts.body)
    },
  }
}
