import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router'
import { localizedPath } from '../../i18n/paths'
import { useLang } from '../../i18n/use-lang'

/** A link to an app path ("/blog") in the current page's language. */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  return <Link to={localizedPath(to, useLang())} {...props} />
}

/** Like LocalizedLink, and marks itself aria-current="page" when it is the current page. */
export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  return <NavLink to={localizedPath(to, useLang())} {...props} />
}
