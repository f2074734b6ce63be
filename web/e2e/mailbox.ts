import { expect, type APIRequestContext } from '@playwright/test'

/** One message of the development outbox (`GET /dev/mailbox?format=json`, newest first). */
export interface Mail {
  id: string
  to: string
  subject: string
  kind: string
  lang: string
  status: string
  text: string
  html: string
}

/** A fresh address per test run, so tests never meet each other's accounts. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

/**
 * Waits for the newest message of `kind` sent to `to` (the outbox is written in the request's
 * transaction); with `after`, for a newer one than that.
 */
export async function waitForMail(request: APIRequestContext, to: string, kind: string, after?: Mail): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`)
        const mails = (await response.json()) as Mail[]
        found = mails.find((mail) => mail.to === to && mail.kind === kind)
        return Boolean(found) && found!.id !== after?.id
      },
      { message: `a ${kind} mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true)
  return found!
}

/** The confirmation / recovery link of a mail (GoTrue's `/auth/v1/verify?token=…` form). */
export function verifyLink(mail: Mail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`no verify link in "${mail.subject}"`)
  return link
}
