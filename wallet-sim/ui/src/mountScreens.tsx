// The wallet page's screens (React and every prompt view): a chunk of its own, which the page loads when
// something is to be shown (see walletPage.tsx), so a framed page that only answers hands-free never parses it.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, type AppProps } from './screens/App'
import { ApprovalWindowScreen, type ApprovalWindowScreenProps } from './screens/ApprovalWindowScreen'

/**
 * Renders the hosted wallet's page (the current prompt, the home page, a refusal) in `root`.
 * @example void import('./mountScreens').then(({ mountApp }) => mountApp(root, props))
 */
export function mountApp(root: HTMLElement, props: AppProps): void {
  createRoot(root).render(
    <StrictMode>
      <App {...props} />
    </StrictMode>,
  )
}

/**
 * Renders the approval window (a prompt a wallet frame handed over) in `root`.
 * @example void import('./mountScreens').then(({ mountApprovalWindow }) => mountApprovalWindow(root, props))
 */
export function mountApprovalWindow(root: HTMLElement, props: ApprovalWindowScreenProps): void {
  createRoot(root).render(
    <StrictMode>
      <ApprovalWindowScreen {...props} />
    </StrictMode>,
  )
}
