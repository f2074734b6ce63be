/**
 * The preview frame's document (its srcdoc) inherits the console's Content Security Policy, which
 * refuses inline `style` attributes, and an e-mail is styled by nothing else: unstyled, the
 * preview would even show the hidden preheader. So the attributes travel under another name and
 * are applied through the CSSOM once the frame has loaded, which the policy allows. Nothing of
 * the e-mail runs: the frame still has no scripts.
 */
const DEFERRED = 'data-preview-style'

/**
 * The HTML with every `style="…"` attribute renamed. Only tags are touched: the server's HTML
 * escapes `<` and `>` in text, and writes attributes in double quotes with theirs escaped, so
 * ` style="` inside a tag is an attribute. (Parsing the HTML here instead, with DOMParser, would
 * itself apply the inline styles under the policy and be refused.)
 */
export function deferInlineStyles(html: string): string {
  return html.replace(/<[^<>]+>/g, (tag) => tag.replace(/(\s)style=(?=")/gi, `$1${DEFERRED}=`))
}

/** Sets the renamed styles on the frame's document once it has loaded. */
export function applyDeferredStyles(document: Document | null): void {
  for (const element of document?.querySelectorAll<HTMLElement>(`[${DEFERRED}]`) ?? []) {
    element.style.cssText = element.getAttribute(DEFERRED) ?? ''
  }
}
