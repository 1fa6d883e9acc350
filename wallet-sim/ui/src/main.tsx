// The wallet UI's entry: the theme, then the page of this route: the approval window (a prompt a wallet
// frame handed over), or the hosted wallet's page.
import { ThemeSchema } from '@webwallet/protocol'
import './styles.css'
import { isListedOrigin } from '@webwallet/protocol/wallet'
import {
  APPROVAL_WINDOW_ROUTE,
  createPopupFit,
  readAllowedDapps,
  receiveApproval,
} from '@webwallet/wallet-sim/page'
import { startWalletPage } from './walletPage'

const setTheme = (theme: string | null) => {
  const parsed = ThemeSchema.safeParse(theme ?? 'auto')
  document.documentElement.dataset.theme = parsed.success ? parsed.data : 'auto'
}
setTheme(new URLSearchParams(location.search).get('theme'))

const root = document.getElementById('root')
if (location.pathname === APPROVAL_WINDOW_ROUTE) {
  const page = receiveApproval({ window })
  const allowedDapps = readAllowedDapps(document)
  if (root)
    void import('./mountScreens').then(({ mountApprovalWindow }) =>
      mountApprovalWindow(root, {
        page,
        selfOrigin: location.origin,
        isListed: (origin) => isListedOrigin(origin, allowedDapps),
        modalFit: createPopupFit(window),
      }),
    )
} else {
  startWalletPage(root, setTheme)
}
