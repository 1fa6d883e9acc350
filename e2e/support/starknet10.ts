// starknet.js v10 (the root's) for tests that talk to a JSON-RPC 0.10 node such as starknet-devnet: e2e's
// own `starknet` is 8.5.2 (the version its compat tests pin), which does not speak JSON-RPC 0.10.
import { config } from '../../node_modules/starknet'

export * from '../../node_modules/starknet'

// A fresh chain has too few tipped transactions for starknet.js's tip estimate, which then warns on every
// execute ("Insufficient transaction data…") and buries the test output; its errors still show.
config.set('logLevel', 'ERROR')
