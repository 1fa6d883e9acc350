// GET /injected.js[?as=walletsim|argentX|braavos][&preload=1]: the injected wallet's script for this
// wallet-sim, for a Playwright init script, a `<script src>` in a dapp under development, or the development
// extension; `preload=1` loads the wallet page once the dapp's page has loaded (the Playwright fixtures').
import type { RequestHandler } from 'express'
import { INJECTED_IDENTITIES, type InjectedIdentity, injectedWalletScript } from './script'

/** The injected wallet's `version` (the wallet's, not the package's: dapps only show it). */
export const INJECTED_WALLET_VERSION = '1.0.0'

/**
 * The handler of `GET /injected.js`: the script for the origin the request came to (its Host, which
 * wallet-sim's Host check already accepted); 400 `BAD_REQUEST` for an `as` that is not one of the identities,
 * or a `preload` other than `1` or `0`.
 * @example app.get('/injected.js', injectedScriptRoute(() => toHex(chain.chainId())))
 */
export function injectedScriptRoute(chainId: () => string): RequestHandler {
  return (req, res) => {
    const as = req.query.as ?? 'walletsim'
    if (typeof as !== 'string' || !(INJECTED_IDENTITIES as readonly string[]).includes(as)) {
      res.status(400).json({
        code: 'BAD_REQUEST',
        message: `as must be one of ${INJECTED_IDENTITIES.join(', ')}, got ${JSON.stringify(as)}`,
      })
      return
    }
    const preload = req.query.preload ?? '0'
    if (preload !== '0' && preload !== '1') {
      res
        .status(400)
        .json({ code: 'BAD_REQUEST', message: `preload must be 1 or 0, got ${JSON.stringify(preload)}` })
      return
    }
    const walletOrigin = `${req.protocol}://${req.get('host')}`
    res
      .type('text/javascript')
      .set('cache-control', 'no-store')
      .send(
        injectedWalletScript({
          walletOrigin,
          as: as as InjectedIdentity,
          chainId: chainId(),
          version: INJECTED_WALLET_VERSION,
          preload: preload === '1',
        }),
      )
  }
}
