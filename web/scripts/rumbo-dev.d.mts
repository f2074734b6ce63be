import type { Plugin } from 'vite'

export interface ServerParts {
  htmlTag: string
  head: string
  body: string
}

export function serverParts(rendered: string, template: { beforeHead: string; beforeBody: string; rest: string }): ServerParts | null
export function rumboDev(server?: string): Plugin
