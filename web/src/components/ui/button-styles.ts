// Class names shared by <button> and <Link>, so a link that looks like a button
// stays a link. The styles themselves live in styles/components.css.
export const buttonStyles = {
  primary: 'btn btn-primary',
  secondary: 'btn btn-secondary',
  onDark: 'btn btn-on-dark',
  quiet: 'btn-quiet',
} as const
