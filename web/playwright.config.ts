import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from '@playwright/test'

// The browser tests drive the real release binary (built by `make build`) with a fresh SQLite
// database, and Debian's Chromium: nothing is downloaded.
const bin = process.env.RUMBO_BIN ?? resolve(import.meta.dirname, '../target/release/rumbo')
const freePort = () =>
  execFileSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"])
    .toString()
    .trim()
const port = Number(process.env.E2E_PORT ?? freePort())
process.env.E2E_PORT = String(port) // workers re-read this config: keep one port
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'rumbo-e2e-'))
process.env.E2E_DATA_DIR = dataDir
export const baseURL = `http://127.0.0.1:${port}`

// A second server with Google Analytics and AdSense configured (consent-analytics.spec.ts):
// the main one keeps them unset, as a fresh install does. Google's hosts are faked per test.
const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT ?? freePort())
process.env.E2E_ANALYTICS_PORT = String(analyticsPort)
const analyticsDataDir = process.env.E2E_ANALYTICS_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'rumbo-e2e-analytics-'))
process.env.E2E_ANALYTICS_DATA_DIR = analyticsDataDir
export const analyticsBaseURL = `http://127.0.0.1:${analyticsPort}`
export const ANALYTICS_ENV = {
  GA_MEASUREMENT_ID: 'G-E2ETEST01',
  ADSENSE_CLIENT: 'ca-pub-1234567890123456',
  ADSENSE_SLOT_MID: '1111111111',
  ADSENSE_SLOT_BOTTOM: '2222222222',
}
// Google sign-in against a fake OpenID provider on 127.0.0.1 (e2e/fake-oidc.mjs: discovery, JWKS,
// a consent page, the token endpoint), for the main server only; linking while signed in is on.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? freePort())
process.env.E2E_OIDC_PORT = String(oidcPort)
export const oidcBaseURL = `http://127.0.0.1:${oidcPort}`
const OIDC_CLIENT = { id: 'rumbo-e2e.apps.googleusercontent.com', secret: 'rumbo-e2e-secret' }
export const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
  GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
  GOOGLE_ISSUER_URL: oidcBaseURL,
  AUTH_MANUAL_LINKING: 'true',
}

const serverEnv = (url: string, dir: string, listen: number) => ({
  HOST: '127.0.0.1',
  PORT: String(listen),
  SITE_URL: url,
  DATABASE_URL: `sqlite://${dir}/rumbo.db`,
  // Travel documents the consultation tests attach stay with the run's database.
  UPLOAD_DIR: `${dir}/uploads`,
  RUMBO_ENV: 'development',
  // Every spec books from 127.0.0.1 at once: the per-client cap on unpaid holds is for
  // strangers, not for one test runner (the cap itself is tested in server/tests/api).
  CONSULTATION_LIVE_HOLDS_PER_IP: '100',
  // Likewise the auth mails: every sign-up of the suite comes from that one address.
  AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
  AUTH_RATE_LIMIT_EMAIL_SENT_PER_IP: '1000',
  // And its sign-ups and confirmation links: the per-IP caps per window (30 each) are tested in
  // server/tests/api; the suite confirms more accounts than that within five minutes.
  AUTH_RATE_LIMIT_EMAIL_REQUESTS: '1000',
  AUTH_RATE_LIMIT_VERIFY: '1000',
  // The store's digital files stay with the run's database; its per-client caps on orders and
  // cart writes are for strangers too, not for the suite's many buyers at 127.0.0.1.
  STORE_FILES_DIR: `${dir}/store-files`,
  STORE_ORDERS_PER_IP_HOUR: '1000',
  STORE_WRITES_PER_IP_HOUR: '100000',
  TRUSTED_COUNTRY_HEADER: 'X-Test-Country',
  RUST_LOG: 'warn',
})

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: `"${bin}" serve`,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        ...serverEnv(baseURL, dataDir, port),
        ...GOOGLE_ENV,
        // The team signs in to the console with two-step verification, as in production.
        STAFF_REQUIRE_MFA: 'true',
        // The search widget hands flight searches to this partner; hotels and trains have none (the alert).
        PARTNER_FLIGHTS_URL: 'https://partner.example/flights?from={from}&to={to}&depart={depart}&return={return}&passengers={passengers}',
      },
    },
    {
      command: `"${process.execPath}" e2e/fake-oidc.mjs ${oidcPort}`,
      url: `${oidcBaseURL}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { FAKE_OIDC_CLIENT_ID: OIDC_CLIENT.id, FAKE_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret },
    },
    {
      command: `"${bin}" serve`,
      url: `${analyticsBaseURL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { ...serverEnv(analyticsBaseURL, analyticsDataDir, analyticsPort), ...ANALYTICS_ENV },
    },
  ],
})
