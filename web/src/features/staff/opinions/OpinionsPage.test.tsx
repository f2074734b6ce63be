import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { answerApi, fakeClient, me, refusal, renderConsole, resetHarness, sent, serveApi } from '../test-harness'
import type { Opinion } from '../types'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

function opinion(changes: Partial<Opinion> = {}): Opinion {
  return {
    id: 'op-1',
    booking_id: '0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab',
    slug: 'maleta-perdida-en-lima',
    status: 'draft',
    category: 'airline',
    country: 'PE',
    outcome: 'Reembolso obtenido',
    language: 'es',
    texts: { es: { title: 'Maleta perdida en Lima', body: 'La aerolínea **pagó** la maleta.' }, en: { title: 'Lost bag in Lima', body: 'The airline paid.' } },
    author_id: 'u-marco',
    author_email: 'marco@rumbo.test',
    approved_by: null,
    published_at: null,
    created_at: '2026-12-02T15:00:00Z',
    url: null,
    ...changes,
  }
}

let drafts: Opinion[] = []
let approval: () => Response = () => refusal(404, 'not_found')

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  drafts = [opinion()]
  answerApi((request) => {
    if (request.url === '/api/v1/staff/me') return Response.json(me())
    if (request.url === '/api/v1/staff/opinions?status=draft') return Response.json({ items: drafts })
    if (request.url === '/api/v1/staff/opinions/op-1/approve' && request.method === 'POST') return approval()
    return refusal(404, 'not_found')
  })
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))

describe('the opinions awaiting approval', () => {
  it("previews each draft's texts, the traveller's language open, markdown shown as written", async () => {
    await renderConsole('/staff/opinions', 'en')
    const card = await screen.findByRole('article', { name: 'Maleta perdida en Lima' })
    expect(card.textContent).toContain('Airline · Peru · Reembolso obtenido')
    expect(card.textContent).toContain('By marco@rumbo.test')
    const [spanish, english] = within(card).getAllByRole('group')
    expect(spanish!.hasAttribute('open')).toBe(true)
    expect(english!.hasAttribute('open')).toBe(false)
    expect(within(spanish!).getByText('La aerolínea **pagó** la maleta.')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe('/staff/bookings/0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab')
  })

  it('says why the server refused an approval by its author (self_approval)', async () => {
    approval = () => refusal(403, 'self_approval')
    await renderConsole('/staff/opinions', 'en')
    const card = await screen.findByRole('article', { name: 'Maleta perdida en Lima' })
    await click(within(card).getByRole('button', { name: 'Approve and publish' }))
    expect(await within(card).findByRole('alert')).toHaveProperty('textContent', 'You wrote this opinion: another consultant or an admin approves it.')
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/v1/staff/opinions/op-1/approve'])
  })

  it('shows its own draft to its author without an Approve button, in Portuguese', async () => {
    drafts = [opinion({ author_id: 'u-ana', author_email: 'ana@rumbo.test' })]
    await renderConsole('/pt/staff/opinions', 'pt')
    const card = await screen.findByRole('article', { name: 'Maleta perdida en Lima' })
    expect(within(card).queryByRole('button')).toBeNull()
    expect(card.textContent).toContain('Você escreveu esta opinião: outro consultor ou um administrador a aprova.')
  })

  it('publishes an approved draft and says so once it has left the list', async () => {
    approval = () => {
      drafts = []
      return Response.json(opinion({ status: 'published', url: '/es/help/opinions/maleta-perdida-en-lima', published_at: '2026-12-03T10:00:00Z' }))
    }
    await renderConsole('/staff/opinions', 'en')
    const card = await screen.findByRole('article', { name: 'Maleta perdida en Lima' })
    await click(within(card).getByRole('button', { name: 'Approve and publish' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Maleta perdida en Lima' })).toBeNull())
    expect(screen.getByRole('status').textContent).toBe('“Maleta perdida en Lima” was approved and published.')
    expect(screen.getByText('No drafts are waiting for approval.')).toBeTruthy()
  })
})
