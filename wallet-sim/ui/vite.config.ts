// Builds the hosted wallet UI to wallet-sim/ui/dist (served by the wallet-sim express app), with the licenses
// of the packages it bundles.
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'
import { precompress } from '../scripts/precompress.mjs'
import { thirdPartyLicenses } from '../scripts/thirdPartyLicenses.mjs'

const root = new URL('.', import.meta.url).pathname

export default defineConfig({
  // Workspace packages from their sources (the @webwallet/source export condition): no build of them first.
  resolve: { conditions: ['@webwallet/source', ...defaultClientConditions] },
  root,
  base: '/',
  // dist/THIRD_PARTY_LICENSES.md: the license texts of React and the other packages bundled in the page.
  // precompress: each asset's .br and .gz beside it, which wallet-sim serves as the browser accepts.
  plugins: [react(), thirdPartyLicenses('the hosted wallet UI (ui/dist)'), precompress()],
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022' },
})
