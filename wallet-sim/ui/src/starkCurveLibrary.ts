// The Stark curve functions protocol's modules take from @scure/starknet, the only ones the wallet page keeps:
// starkCurve.ts's `require` resolves here in the page's build (vite.config.ts), on first use, so the library runs then and not as the page starts.
export { keccak, pedersen, poseidonHash, poseidonHashMany } from '@scure/starknet'
