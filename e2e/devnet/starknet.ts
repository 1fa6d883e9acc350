// starknet.js v10 (the root's) for the devnet tests: e2e's own `starknet` is 8.5.2 (the version its compat
// tests pin), which does not speak devnet's JSON-RPC 0.10.
export * from '../../node_modules/starknet'
