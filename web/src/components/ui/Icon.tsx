// Lucide icons (ISC licence) for everything the home page loads first — the
// layout, the home page itself, the cookie banner — drawn from lucide's path
// data without lucide-react's runtime, which would add about 1.5 KB gzip to the
// first load. Other pages, loaded on demand, import icons from lucide-react.
const PATHS = {
  chevronDown: 'm6 9 6 6 6-6',
  menu: 'M4 5h16M4 12h16M4 19h16',
  x: 'M18 6 6 18M6 6l12 12',
  arrowUp: 'm5 12 7-7 7 7M12 19V5',
  // lucide's shopping-bag in its earlier, shorter drawing
  bag: 'M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0',
} as const

type Props = ({ name: keyof typeof PATHS; path?: never } | { name?: never; path: string }) & {
  size?: number
  className?: string
}

/**
 * Decorative (aria-hidden): the control around it carries the accessible name.
 * `path` takes lucide path data kept in a page's own chunk (home icons), so the
 * shared chunk does not carry icons that only one lazy page draws.
 */
export function Icon({ name, path, size = 24, className }: Props) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={path ?? PATHS[name as keyof typeof PATHS]} />
    </svg>
  )
}
