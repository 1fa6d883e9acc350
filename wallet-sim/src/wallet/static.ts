// Serves the built wallet UI (wallet-sim/ui/dist): assets as files, every wallet route as the app page.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import express, { Router } from 'express'

/** The hosted wallet's pages (SPEC.md section 2). */
export const WALLET_ROUTES = [
  '/iframes/comms',
  '/interstitialLogin',
  '/signMessage',
  '/signSessionKeys',
  '/review',
] as const

/** Where `npm run build -w @webwallet/wallet-sim` writes the UI. */
export const DEFAULT_UI_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../ui/dist')

/**
 * The UI router: the five wallet routes answer index.html, `/assets/*` the built files.
 *
 * @example
 * app.use(createWalletUiRouter())
 */
export function createWalletUiRouter(uiDir: string = DEFAULT_UI_DIR): Router {
  const router = Router()
  const index = join(uiDir, 'index.html')
  router.get([...WALLET_ROUTES], (_req, res) => {
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The wallet UI is not built: run `npm run build -w @webwallet/wallet-sim`.')
      return
    }
    // The page runs in dapps' iframes: it must never be cached across builds.
    res.setHeader('Cache-Control', 'no-store')
    // Relative to `root`: without it, send refuses any path through a dot folder (~/.npm/_npx/… for npx).
    res.sendFile('index.html', { root: uiDir })
  })
  router.use('/assets', express.static(join(uiDir, 'assets'), { immutable: true, maxAge: '1y' }))
  return router
}
