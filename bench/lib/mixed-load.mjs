// Open-loop mixed load (bench/load): requests start on a fixed schedule whatever the answers'
// pace, so a slow server shows as latency, not as a lower offered rate. Classes and weights:
// pages 80 %, APIs 15 %, sign-in/refresh 4 %, bookings/newsletter 1 %. An error is a transport
// failure, a 5xx or a 429 (the bench raises the limits); refusals a real visitor may get (a
// time already taken) are answers. Prints, per class: requests, errors, p50/p99 in ms.
import http from 'node:http'

const [base, rate, seconds] = [process.argv[2], Number(process.argv[3] ?? 1000), Number(process.argv[4] ?? 60)]
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
const PASSWORD = 'Load-Password-42'

function send(method, path, body) {
  return new Promise((resolve) => {
    const started = performance.now()
    const data = body === undefined ? undefined : JSON.stringify(body)
    const headers = data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}
    const request = http.request(base + path, { method, agent, headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }))
    })
    request.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }))
    request.setTimeout(10_000, () => request.destroy())
    if (data) request.write(data)
    request.end()
  })
}

const json = (answer) => { try { return JSON.parse(answer.body) } catch { return {} } }
const pick = (list) => list[Math.floor(Math.random() * list.length)]
let serial = 0
const unique = (who) => `${who}.${process.pid}.${++serial}@example.com`

const PAGES = ['/', '/es', '/pt', '/blog', '/es/blog', '/pt/blog', '/destinations', '/es/destinations/asia', '/pt/destinations', '/store',
  '/es/store', '/pt/help', '/help', '/es/help/rights', '/about', '/pt/privacy']
const APIS = ['/api/v1/posts?lang=es&limit=9', '/api/v1/posts?lang=en&limit=9', '/api/v1/destinations?lang=pt', '/api/v1/store/products?lang=en',
  '/api/v1/consultations/plans?lang=es', '/api/v1/consultations/testimonials?lang=pt', '/api/v1/airports?q=lis&lang=pt', '/api/v1/airports?q=bog&lang=es']

// Set up: accounts with refresh tokens to chain, and the free times to book.
const account = unique('load')
await send('POST', '/auth/v1/signup', { email: account, password: PASSWORD })
const refreshTokens = []
for (let i = 0; i < 20; i++) refreshTokens.push(json(await send('POST', '/auth/v1/signup', { email: unique('chain'), password: PASSWORD })).refresh_token)
const slots = (json(await send('GET', '/api/v1/consultations/slots?plan=essential')).slots ?? []).map((slot) => slot.start)
if (!slots.length || refreshTokens.some((token) => !token)) throw new Error('set-up failed: no free times or no sessions')

const CLASSES = {
  pages: { weight: 80, run: () => send('GET', pick(PAGES)) },
  apis: { weight: 15, run: () => send('GET', pick(APIS)) },
  auth: {
    weight: 4,
    run: async () => {
      if (Math.random() < 0.5) return send('POST', '/auth/v1/token?grant_type=password', { email: account, password: PASSWORD })
      const token = refreshTokens.shift()
      if (!token) return send('POST', '/auth/v1/token?grant_type=password', { email: account, password: PASSWORD })
      const answer = await send('POST', '/auth/v1/token?grant_type=refresh_token', { refresh_token: token })
      refreshTokens.push(json(answer).refresh_token ?? token)
      return answer
    },
  },
  writes: {
    weight: 1,
    run: () => Math.random() < 0.5
      ? send('POST', '/api/v1/newsletter/subscriptions', { email: unique('reader'), language: pick(['en', 'es', 'pt']), source: 'footer' })
      : send('POST', '/api/v1/consultations/bookings', { name: 'Ana Gómez', email: unique('traveller'), country: 'Colombia',
          message: 'The airline lost my suitcase in Lima and nobody answers.', plan: 'essential', slot_start: pick(slots), language: 'es' }),
  },
}
const wheel = Object.entries(CLASSES).flatMap(([name, c]) => Array(c.weight).fill(name))
const results = Object.fromEntries(Object.keys(CLASSES).map((name) => [name, { times: [], errors: 0, statuses: {} }]))

const isError = (status) => status === 0 || status === 429 || status >= 500
const pending = []
const start = performance.now()
const total = rate * seconds
for (let sent = 0; sent < total; sent++) {
  const due = start + (sent * 1000) / rate
  const wait = due - performance.now()
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
  const name = pick(wheel)
  pending.push(CLASSES[name].run().then(({ status, ms }) => {
    const result = results[name]
    result.times.push(ms)
    result.statuses[status] = (result.statuses[status] ?? 0) + 1
    if (isError(status)) result.errors++
  }))
}
await Promise.all(pending)
const elapsed = (performance.now() - start) / 1000

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
console.log(`${'class'.padEnd(10)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  answers`)
let errors = 0
for (const [name, result] of Object.entries(results)) {
  const sorted = result.times.toSorted((a, b) => a - b)
  errors += result.errors
  console.log(`${name.padEnd(10)} ${String(sorted.length).padStart(9)} ${String(result.errors).padStart(7)} ${quantile(sorted, 0.5).toFixed(2).padStart(8)} ${quantile(sorted, 0.99).toFixed(2).padStart(8)}  ${JSON.stringify(result.statuses)}`)
}
console.log(`${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s offered ${rate}/s); error rate ${(errors / total * 100).toFixed(3)} % (target 0)`)
agent.destroy()
process.exitCode = errors ? 1 : 0
