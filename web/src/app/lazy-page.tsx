import { lazy, type ComponentType } from 'react'
import type { Params } from 'react-router'

type Namespaces = string[] | ((params: Params) => string[])

export interface LazyPage {
  Page: ComponentType
  /** Starts (or reuses) the download of the page's code. */
  load: () => Promise<unknown>
  /** The translation namespaces the page reads, so its words can load alongside its code. */
  namespaces: (params: Params) => string[]
}

/** A route module loaded on demand. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: Namespaces): LazyPage {
  let module: Promise<{ default: ComponentType }> | undefined
  const loadModule = () => {
    // Forget a failed download, so a later visit can try again.
    module ??= load().catch((error: unknown) => {
      module = undefined
      throw error
    })
    return module
  }
  return {
    Page: lazy(loadModule),
    load: loadModule,
    namespaces: typeof namespaces === 'function' ? namespaces : () => namespaces,
  }
}
