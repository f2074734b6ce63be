import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { issue, serveBusiness } from '../business/test-fixtures'
import type { IssuePreviewRequest } from '../business/types'
import { fakeClient, refusal, renderConsole, resetHarness, sent, serveApi, type Sent } from '../test-harness'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const change = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }))
const previews = () => sent.filter((r) => r.url === '/api/v1/staff/newsletter/preview')
const posts = (url: string) => sent.filter((r) => r.method === 'POST' && r.url === url)
// The server's rendering: the markdown's bold as HTML, so the test sees it went through the server.
const preview = (request: Sent) => {
  const body = request.body as IssuePreviewRequest
  return Response.json({ subject: body.subject, html: `<p>${body.body_markdown.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')}</p>`, text: body.body_markdown })
}

describe('writing an issue', () => {
  it('asks for the preview once the typing pauses and shows it in a sandboxed frame, then saves the draft', async () => {
    serveBusiness({
      'POST /api/v1/staff/newsletter/preview': preview,
      'POST /api/v1/staff/newsletter/issues': () => Response.json(issue({ id: 'i-9', lang: 'pt', subject: 'Dicas de dezembro' })),
      'GET /api/v1/staff/newsletter/issues/i-9': () => Response.json(issue({ id: 'i-9', lang: 'pt', subject: 'Dicas de dezembro' })),
    })
    await renderConsole('/staff/newsletter/new', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'New issue' })).toBeTruthy()
    await change('Language', 'pt')
    await change('Subject', 'Dicas de dezembro')
    await change('Text (Markdown)', 'Olá **viajantes**')
    const frame = await waitFor(() => screen.getByTitle('Preview of the e-mail'), { timeout: 3000 })
    // No scripts, forms or navigation: same origin only, for the styles (preview-styles.ts).
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin')
    expect(frame.getAttribute('srcdoc')).toBe('<p>Olá <strong>viajantes</strong></p>')
    expect(screen.getByText('Subject: Dicas de dezembro')).toBeTruthy()
    // Debounced: the last text only, not one request per change.
    expect(previews().map((r) => r.body)).toEqual([{ lang: 'pt', subject: 'Dicas de dezembro', preheader: '', body_markdown: 'Olá **viajantes**' }])

    await click(screen.getByLabelText('Show in the public archive'))
    await click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/staff/newsletter/i-9'))
    expect(posts('/api/v1/staff/newsletter/issues').map((r) => r.body)).toEqual([
      { lang: 'pt', subject: 'Dicas de dezembro', preheader: '', body_markdown: 'Olá **viajantes**', public: false },
    ])
  })

  it('needs a subject and a text to save', async () => {
    serveBusiness({ 'POST /api/v1/staff/newsletter/preview': preview })
    await renderConsole('/staff/newsletter/new', 'en')
    await click(await screen.findByRole('button', { name: 'Save draft' }))
    expect(screen.getAllByText('This is required.')).toHaveLength(2)
    expect(posts('/api/v1/staff/newsletter/issues')).toEqual([])
  })
})

describe('sending an issue', () => {
  it('asks first, naming the language whose confirmed subscribers get it, then sends now', async () => {
    serveBusiness({
      'GET /api/v1/staff/newsletter/issues/i-1': () => Response.json(issue()),
      'POST /api/v1/staff/newsletter/preview': preview,
      // As the server answers "now": scheduled at the present instant, for the sender's next tick.
      'POST /api/v1/staff/newsletter/issues/i-1/send': () => Response.json(issue({ status: 'scheduled', scheduled_at: new Date().toISOString() })),
    })
    await renderConsole('/staff/newsletter/i-1', 'en')
    await click(await screen.findByRole('button', { name: 'Send now' }))
    expect(screen.getByText("Send this issue now to every confirmed subscriber in Español? It can't be taken back.")).toBeTruthy()
    expect(posts('/api/v1/staff/newsletter/issues/i-1/send')).toEqual([])
    await click(screen.getByRole('button', { name: 'Yes, send it' }))
    expect(await screen.findByText('The issue is being sent.')).toBeTruthy()
    expect(posts('/api/v1/staff/newsletter/issues/i-1/send').map((r) => r.body)).toEqual([{}])
    // No longer a draft: nothing to save any more.
    expect(screen.getByText('Only a draft can be edited. Unschedule a scheduled issue to change it.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull()
  })

  it('schedules at a time given in the admin’s zone, as an instant in UTC', async () => {
    serveBusiness({
      'GET /api/v1/staff/newsletter/issues/i-1': () => Response.json(issue()),
      'POST /api/v1/staff/newsletter/preview': preview,
      'POST /api/v1/staff/newsletter/issues/i-1/send': () => Response.json(issue({ status: 'scheduled', scheduled_at: '2099-01-05T14:00:00Z' })),
    })
    await renderConsole('/staff/newsletter/i-1', 'en')
    await click(await screen.findByRole('button', { name: 'Schedule' }))
    expect(screen.getByText('Enter a date and a time.')).toBeTruthy()
    await act(async () => fireEvent.change(screen.getByLabelText(/^Send at/), { target: { value: '2099-01-05T09:00' } }))
    await click(screen.getByRole('button', { name: 'Schedule' }))
    expect(screen.getByText(/to every confirmed subscriber in Español\?/)).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Yes, schedule it' }))
    await waitFor(() => expect(posts('/api/v1/staff/newsletter/issues/i-1/send')).toHaveLength(1))
    expect((posts('/api/v1/staff/newsletter/issues/i-1/send')[0]!.body as { at: string }).at).toMatch(/^2099-01-0[45]T\d{2}:00:00Z$/)
    expect(await screen.findByRole('button', { name: 'Unschedule' })).toBeTruthy()
  })

  it('says a test went to the admin, and issue_not_editable on a save', async () => {
    serveBusiness({
      'GET /api/v1/staff/newsletter/issues/i-1': () => Response.json(issue()),
      'POST /api/v1/staff/newsletter/preview': preview,
      'POST /api/v1/staff/newsletter/issues/i-1/test': () => Response.json({ to: 'owner@rumbo.test' }, { status: 202 }),
      'PUT /api/v1/staff/newsletter/issues/i-1': () => refusal(409, 'issue_not_editable'),
    })
    await renderConsole('/staff/newsletter/i-1', 'en')
    await click(await screen.findByRole('button', { name: 'Send a test to me' }))
    expect(await screen.findByText('A test was sent to owner@rumbo.test.')).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Save draft' }))
    expect((await screen.findByRole('alert')).textContent).toBe("This issue is already being sent or was sent: it can no longer be changed.")
  })
})

describe('an issue with unsaved changes', () => {
  it('asks to save before testing or sending, so nobody gets an older text', async () => {
    serveBusiness({
      'GET /api/v1/staff/newsletter/issues/i-1': () => Response.json(issue()),
      'POST /api/v1/staff/newsletter/preview': preview,
      'PUT /api/v1/staff/newsletter/issues/i-1': (request) => Response.json(issue(request.body as Partial<ReturnType<typeof issue>>)),
    })
    await renderConsole('/staff/newsletter/i-1', 'en')
    await screen.findByLabelText('Subject')
    await change('Subject', 'Viajar en enero')
    expect(screen.getByText('Save the draft first: the test and the sending use the saved text.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull()
    await click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByRole('button', { name: 'Send now' })).toBeTruthy()
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { lang: 'es', subject: 'Viajar en enero', preheader: 'Consejos para las fiestas', body_markdown: 'Hola **viajeros**.', public: true },
    ])
  })
})
