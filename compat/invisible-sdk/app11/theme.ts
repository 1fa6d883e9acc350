// What invisible-sdk 1.1 added that the demo uses (`webwalletTheme` in `init`): 1.0.0's declarations do not
// have it, so only the type check against @webwallet/shim/argent reads this file (tsconfig.shim.json).
import { ArgentWebWallet } from '@argent/invisible-sdk'

export const themed = ArgentWebWallet.init({
  appName: 'Test',
  environment: 'sepolia',
  sessionParams: { allowedMethods: [{ contract: '0x1', selector: 'increase_number' }] },
  webwalletTheme: 'dark',
})

// @ts-expect-error a theme is one of the wallet's
ArgentWebWallet.init({ appName: 'Test', sessionParams: { allowedMethods: [] }, webwalletTheme: 'blue' })
