import { apiRequest } from '../../../lib/api-client'
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
      const settings = await apiRequest<{ external?: { google?: unknown } } | null>('settings', {
        base: authUrl,
        headers: anonKey ? { apikey: anonKey } : {},
      })
      return { google: settings?.external?.google === true }
    } catch {
      return { google: false }
    }
  })()
  return pending
}
