import { Component, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** Shown instead when something inside fails to load. */
  fallback: ReactNode
}

/** Keeps the rest of a page working when one section's data cannot load. */
export class QuietBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
