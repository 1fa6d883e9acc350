// The wallet page's entry: theme, login storage, prompts, the wallet router served over postMessage,
// and the React screens.
import { ThemeSchema } from '@webwallet/protocol'
import { createWalletRouter } from '@webwallet/protocol/router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { createWalletApi } from './api/client'
import { loginStorage } from './api/loginStorage'
import './styles.css'
import { serveWindow } from './trpc/windowHandler'
import { createUiHandlers } from './wallet/handlers'
import { createPrompts } from './wallet/prompts'

const setTheme = (theme: string | null) => {
  const parsed = ThemeSchema.safeParse(theme ?? 'auto')
  document.documentElement.dataset.theme = parsed.success ? parsed.data : 'auto'
}
setTheme(new URLSearchParams(location.search).get('theme'))

const api = createWalletApi({ storage: loginStorage(window.localStorage) })
const prompts = createPrompts()
const router = createWalletRouter(createUiHandlers({ api, prompts, onTheme: setTheme }))

// A popup closes itself once the user has answered and the app has its answer, like the hosted wallet.
let userWasAsked = false
prompts.subscribe(() => {
  if (prompts.current() !== undefined) userWasAsked = true
})
serveWindow({
  router,
  window,
  referrer: document.referrer,
  createContext: (origin) => ({ origin }),
  onAnswered: () => {
    if (window.opener && userWasAsked && prompts.current() === undefined) window.close()
  },
})
window.addEventListener('beforeunload', () => prompts.rejectAll())

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App api={api} prompts={prompts} route={location.pathname} selfOrigin={location.origin} />
    </StrictMode>,
  )
}
