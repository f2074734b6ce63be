import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { attachmentName } from '../api/account-api'
import { answerApi, EMAIL, fakeClient, refusal, renderSection, resetHarness, sent, serveApi, TOKEN } from '../section-harness'
import DataSection from './DataSection'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const DOCUMENT = { exported_at: '2026-11-24T10:00:00Z', account: { email: EMAIL } }
const FILE = 'rumbo-my-data-2026-11-24.json'

// What the download did: the link clicked (its name and address) and the blob behind the address.
let clicked: { download: string; href: string }[] = []
const blobs = new Map<string, Blob>()

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  clicked = []
  blobs.clear()
  // jsdom has no object URLs: these keep the blob to read back.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:rumbo/${blobs.size}`
      blobs.set(url, blob)
      return url
    },
    revokeObjectURL: () => undefined,
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.getAttribute('href') ?? '' })
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))

describe('downloading my data', () => {
  it("saves the server's JSON under the name it gives, and says the download started", async () => {
    answerApi(() =>
      Response.json(DOCUMENT, { headers: { 'Content-Disposition': `attachment; filename="${FILE}"`, 'Content-Type': 'application/json' } }),
    )
    await renderSection(<DataSection />, 'en')
    expect(screen.getByRole('region', { name: 'Your data' })).toBeTruthy()
    await click('Download my data')

    expect(sent).toEqual([{ method: 'GET', url: '/api/v1/account/export', token: TOKEN, body: undefined }])
    expect(clicked).toHaveLength(1)
    expect(clicked[0]!.download).toBe(FILE)
    expect(JSON.parse(await blobs.get(clicked[0]!.href)!.text())).toEqual(DOCUMENT)
    expect(screen.getByRole('status').textContent).toBe(`Your download has started: ${FILE}. Keep the file somewhere safe, it holds your personal data.`)
    // The link was only a means: it is gone from the page.
    expect(document.querySelector('a[download]')).toBeNull()
  })

  it('is busy while the file is prepared', async () => {
    let finish: ((response: Response) => void) | undefined
    answerApi(() => new Promise<Response>((resolve) => (finish = resolve)))
    await renderSection(<DataSection />, 'es')
    await click('Descargar mis datos')
    const busy = screen.getByRole('button', { name: 'Preparando tu archivo...' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    await act(async () => finish?.(Response.json(DOCUMENT)))
    expect((screen.getByRole('button', { name: 'Descargar mis datos' }) as HTMLButtonElement).disabled).toBe(false)
    // Without a name from the server, the file is still named for the day.
    expect(clicked[0]!.download).toMatch(/^rumbo-my-data-\d{4}-\d{2}-\d{2}\.json$/)
  })

  it("says why it failed, in the page's language", async () => {
    answerApi(() => refusal(403, 'session_expired'))
    await renderSection(<DataSection />, 'pt')
    await click('Baixar meus dados')
    expect(screen.getByRole('alert').textContent).toBe('Não conseguimos preparar seu arquivo. Sua sessão expirou. Entre de novo.')
    expect(clicked).toEqual([])
  })
})

describe("the download's file name", () => {
  it('takes a plain name from Content-Disposition, nothing else', () => {
    expect(attachmentName(`attachment; filename="${FILE}"`)).toBe(FILE)
    expect(attachmentName(`attachment; filename=${FILE}`)).toBe(FILE)
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBeNull()
    expect(attachmentName('attachment; filename=".hidden"')).toBeNull()
    expect(attachmentName(null)).toBeNull()
  })
})
