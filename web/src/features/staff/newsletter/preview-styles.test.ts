import { describe, expect, it } from 'vitest'
import { applyDeferredStyles, deferInlineStyles } from './preview-styles'

// As the server writes it: attributes in double quotes; quotes in text as typed.
const EMAIL = '<body style="margin:0"><div style="display:none">Preheader</div><p>Write <code>style="bold"</code> here</p><a href="#" title="a style=\'x\'" style="color:#134746">Link</a></body>'

describe('the preview’s inline styles', () => {
  it('renames every style attribute, and nothing in text or in another attribute', () => {
    expect(deferInlineStyles(EMAIL)).toBe(
      '<body data-preview-style="margin:0"><div data-preview-style="display:none">Preheader</div><p>Write <code>style="bold"</code> here</p><a href="#" title="a style=\'x\'" data-preview-style="color:#134746">Link</a></body>',
    )
  })

  it('sets them back through the CSSOM', () => {
    const frame = document.implementation.createHTMLDocument('')
    frame.body.innerHTML = deferInlineStyles('<div style="display:none">Preheader</div><p style="color: rgb(19, 71, 70)">Olá</p>')
    applyDeferredStyles(frame)
    expect(frame.querySelector('div')!.style.display).toBe('none')
    expect(frame.querySelector('p')!.style.color).toBe('rgb(19, 71, 70)')
  })
})
