import { createRoot, type Root } from 'react-dom/client'
import { ToastViewport } from './ToastViewport'

/** index.html carries the live region, so it exists before the first message and is announced. */
const REGION_ID = 'toasts'

let root: Root | undefined

/**
 * Toasts get a small React root of their own inside that region: they need no
 * router or context (their words arrive translated), and the layout pays
 * nothing for them until the first one.
 */
export function mountToasts(): void {
  if (root) return
  let region = document.getElementById(REGION_ID)
  if (!region) {
    region = document.createElement('div')
    region.id = REGION_ID
    document.body.append(region)
  }
  root = createRoot(region)
  root.render(<ToastViewport />)
}
