// Test support for the wallet: the fixture (a chain, logins, WalletService, the approval policy and queue)
// and its clients. The harness that drives either mode through the envelope server is ./harness (it uses
// vitest); neither imports the wallet page's source.
export {
  type MemoryAnswer,
  memoryClient,
  NOW,
  serveHeadlessWebSocket,
  type WalletFixture,
  type WalletFixtureOptions,
  walletFixture,
} from './fixture'
