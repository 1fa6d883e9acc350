// Loaded before a README block run by blocks.test.ts (`node --import`). Two things a user's setup gives:
// - the workspace packages may export their TypeScript sources (development in the monorepo): tsx loads
//   them, as bundlers and Vite do. The block itself reaches Node as plain JavaScript already.
// - a block (or a package's `environment: 'dev'`) calls wallet-sim at http://localhost:3005; the test runs
//   one on a free port (README_BLOCK_SIM), so fetches to the former go to the latter.
import { register } from 'tsx/esm/api'

register()

const target = process.env.README_BLOCK_SIM
if (target) {
  const fetch = globalThis.fetch
  const redirect = (url) => url.replace(/^http:\/\/(localhost|127\.0\.0\.1):3005(?=\/|$)/, target)
  globalThis.fetch = (input, init) =>
    typeof input === 'string' || input instanceof URL
      ? fetch(redirect(String(input)), init)
      : fetch(new Request(redirect(input.url), input), init)
}
