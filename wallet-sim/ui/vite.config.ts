// Builds the hosted wallet UI to wallet-sim/ui/dist (served by the wallet-sim express app), with the licenses
// of the packages it bundles.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import { precompress } from '../scripts/precompress.mjs'
import { thirdPartyLicenses } from '../scripts/thirdPartyLicenses.mjs'

const root = new URL('.', import.meta.url).pathname
const starkCurveModule = `${root}src/starkCurve.ts`
const starkCurveLibrary = `${root}src/starkCurveLibrary.ts`
const protocolSource = resolve(root, '../../protocol/src')
const protocolModule = `${protocolSource}/session/felt.ts`

/**
 * Protocol's `@scure/starknet` imports resolve to src/starkCurve.ts, which requires the library on first use:
 * src/starkCurveLibrary.ts, whose import resolves as from protocol (the copy protocol depends on, the version
 * starknet.js uses).
 */
function lazyStarkCurve(): Plugin {
  return {
    name: 'webwallet-lazy-stark-curve',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@scure/starknet' || importer === undefined) return undefined
      if (importer.startsWith(protocolSource)) return starkCurveModule
      if (importer === starkCurveModule) return starkCurveLibrary
      if (importer === starkCurveLibrary) return this.resolve(source, protocolModule, { skipSelf: true })
      return undefined
    },
  }
}

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
  plugins: [lazyStarkCurve(), react(), thirdPartyLicenses('the hosted wallet UI (ui/dist)'), precompress()],
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022' },
})
