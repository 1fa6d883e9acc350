// starknet.js v10 (the root's) for tests that talk to a JSON-RPC 0.10 node such as starknet-devnet: e2e's
// own `starknet` is 8.5.2 (the version its compat tests pin), which does not speak JSON-RPC 0.10.
export * from '../../node_modules/starknet'
