// Runs after `vite build`: dist/index.html is the template the Rust server fills
// in (docs/decisions/002-page-shell.md at the repository root). Fail the build
// rather than ship a template the server refuses, or one the CSP would break.
import { readFileSync } from 'node:fs'

const html = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8')
const problems = []
const expect = (ok, message) => ok || problems.push(message)

expect(html.includes('<html lang="en">'), 'needs exactly <html lang="en">')
expect(/<head>[\s\S]*<!--rumbo:head-->[\s\S]*<\/head>/.test(html), 'needs <!--rumbo:head--> inside <head>')
expect(html.includes('<div id="root"><!--rumbo:body--></div>'), 'needs <div id="root"><!--rumbo:body--></div>')
expect(!/<title[\s>]/i.test(html), 'must not have a <title>: the server writes it')
for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
  expect(/\bsrc=/.test(tag), `inline script (CSP script-src 'self'): ${tag}`)
}
expect(!/<style[\s>]/i.test(html), "inline <style> (CSP style-src 'self')")
expect(!/\sstyle=/i.test(html), "inline style attribute (CSP style-src 'self')")

if (problems.length) {
  console.error(`dist/index.html breaks the page-shell contract:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log('dist/index.html: markers present, no <title>, no inline script or style')
