// Reads dist/index.html, follows what it loads up front, and reports gzip sizes.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const dist = process.argv[2] ?? "dist";
const html = readFileSync(join(dist, "index.html"), "utf8");
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const refs = (pattern) => [...html.matchAll(pattern)].map((m) => m[1].replace(/^\//, ""));
const initialJs = [...new Set([...refs(/<script[^>]+src="([^"]+\.js)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)])];
const initialCss = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
const initial = new Set([...initialJs, ...initialCss]);

const jsTotal = initialJs.reduce((sum, f) => sum + gz(f), 0);
const cssTotal = initialCss.reduce((sum, f) => sum + gz(f), 0);
console.log(`initial JS  (${initialJs.length} files): ${kb(jsTotal)} gzip  [target <= 100 KB] ${jsTotal <= 100 * 1024 ? "OK" : "OVER"}`);
console.log(`initial CSS (${initialCss.length} files): ${kb(cssTotal)} gzip`);

const chunks = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js") && !initial.has(`assets/${f}`));
let over = 0;
for (const f of chunks.sort()) {
  const size = gz(`assets/${f}`);
  if (size > 30 * 1024) over++;
  console.log(`  chunk ${f.padEnd(40)} ${kb(size).padStart(9)}${size > 30 * 1024 ? "  OVER 30 KB" : ""}`);
}
console.log(`route chunks: ${chunks.length}, over 30 KB: ${over}`);
process.exitCode = jsTotal > 100 * 1024 || over > 0 ? 1 : 0;
