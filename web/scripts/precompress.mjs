// Writes the best gzip (zopfli) and brotli (quality 11) of every text asset next to it
// (app-x.js.gz, app-x.js.br). The server sends these as they are to browsers that accept
// them (server/src/platform/assets.rs), so the hashed, immutable files are compressed
// once, as hard as possible, instead of on every request. Run by `npm run build`.
import { gzipAsync } from '@gfx/zopfli'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

const assets = new URL('../dist/assets/', import.meta.url).pathname
const COMPRESSIBLE = /\.(js|css|json|svg)$/

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : COMPRESSIBLE.test(name) ? [path] : []
  })
}

let written = 0
for (const path of files(assets)) {
  const source = readFileSync(path)
  const variants = {
    gz: Buffer.from(await gzipAsync(source, { numiterations: 15 })),
    br: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  }
  for (const [extension, compressed] of Object.entries(variants)) {
    // Tiny files gain nothing; sending them as they are saves the client a decode.
    if (compressed.length < source.length * 0.9) {
      writeFileSync(`${path}.${extension}`, compressed)
      written++
    }
  }
}
console.log(`precompressed: ${written} files`)
