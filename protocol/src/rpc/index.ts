// @webwallet/protocol/rpc: the wallet router's procedure schemas and the get-starknet `wallet_*` request
// schemas. A separate entry (zod only, no tRPC) so the main entry stays within its 15 KB budget; the
// main entry re-exports their types.
export * from './procedures'
export * from './walletApi'
