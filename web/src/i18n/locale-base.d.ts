/** Where the locale JSON files are served from (the rumbo-locale-assets plugin in vite.config.ts). */
declare module 'virtual:locale-base' {
  export const LOCALE_BASE: string
}
