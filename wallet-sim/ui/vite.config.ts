// Builds the hosted wallet UI to wallet-sim/ui/dist (served by the wallet-sim express app), with the licenses
// of the packages it bundles.
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'
import { precompress } from '../scripts/precompress.mjs'
import { thirdPartyLicenses } from '../scripts/thirdPartyLicenses.mjs'

const root = new URL('.', import.meta.url).pathname

export default defineConfig({
  // Workspace packages from their sources (the @webwallet/source export condition): no build of them first.
  // `starknet`: protocol's modules take only its curve and keccak; src/starknetHashes.ts gives them from the
  // library starknet.js wraps, so the page does not parse starknet.js's whole barrel (proved equal by its test).
  resolve: {
    conditions: ['@webwallet/source', ...defaultClientConditions],
    alias: { starknet: `${root}src/starknetHashes.ts` },
  },
  root,
  base: '/',
  // dist/THIRD_PARTY_LICENSES.md: the license texts of React and the other packages bundled in the page.
  // precompress: each asset's .br and .gz beside it, which wallet-sim serves as the browser accepts.
  plugins: [react(), thirdPartyLicenses('the hosted wallet UI (ui/dist)'), precompress()],
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022' },
})
