import { readRuntimeConfig } from '../../../lib/config'

export interface AuthProviders {
  google: boolean
}

let pending: Promise<AuthProviders> | undefined

/**
 * Which sign-in providers the server has on (GET /auth/v1/settings): the
 * Google button shows only when Google is configured (docs/product.md#login-dialog). Asked
 * once per page view; a failure simply leaves the button out.
 */
export function getAuthProviders(): Promise<AuthProviders> {
  pending ??= (async () => {
    const { authUrl, anonKey } = readRuntimeConfig()
    try {
      const response = await fetch(`${authUrl}/settings`, { headers: anonKey ? { apikey: anonKey } : {} })
      if (!response.ok) return { google: false }
      const settings = (await response.json()) as { external?: { google?: unknown } }
      return { google: settings.external?.google === true }
    } catch {
      return { google: false }
    }
  })()
  return pending
}
