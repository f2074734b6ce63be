import { createElement, lazy, type ComponentType } from 'react'
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
  let loaded: ComponentType | undefined
  const loadModule = () => {
    module ??= load().then(
      (value) => {
        loaded = value.default
        return value
      },
      // Forget a failed download, so a later visit can try again.
      (error: unknown) => {
        module = undefined
        throw error
      },
    )
    return module
  }
  const Lazy = lazy(loadModule)
  // Code that has already arrived (main.tsx waits for the first page's) renders at once:
  // React.lazy would suspend for a tick, commit the loader, and reveal the page ~300 ms
  // later, which moves the footer (a layout shift) on every first visit.
  const Page = () => (loaded ? createElement(loaded) : createElement(Lazy))
  return {
    Page,
    load: loadModule,
    namespaces: typeof namespaces === 'function' ? namespaces : () => namespaces,
  }
}
