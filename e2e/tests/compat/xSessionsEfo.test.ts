// @argent/x-sessions 9.0.4, unchanged, outside execution against wallet-sim: the session the wallet signed
// (plain signTypedData), x-sessions' own createOutsideExecutionCall (which posts its typed data, with the
// window as JSON numbers, to /cosigner/signSessionEFO), and anyone submitting the execute_from_outside_v2
// call it returns. Before, the cosigner refused the body: `Execute After: Expected string, received number`.
import { createOutsideExecutionCall } from '@argent/x-sessions'
import type { WalletTransport } from '@webwallet/shim/connector'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  increment,
  newUser,
  poll,
  RECIPIENT,
  refusal,
  STRK,
  signedSession,
} from './xSessionsUser'

let sim: RunningSim
let provider: RpcProvider
const transports: WalletTransport[] = []

beforeAll(async () => {
  // The app is the developer's dapp (an exact --allow-dapp origin): only then does `auto` answer its requests.
  sim = await startSim({ seed: 12, approve: 'auto', allowedDapps: ['localhost', '127.0.0.1', APP_ORIGIN] })
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
})
afterAll(async () => {
  for (const transport of transports) transport.destroy()
  await sim?.close()
})

/** The counter of `address` on the demo counter contract. */
async function counterOf(address: string): Promise<bigint> {
  const [value] = await provider.callContract({
    contractAddress: CONTRACTS.counter,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  return BigInt(value ?? 0)
}

/** The x-sessions outside execution for `calls`, its window on the simulator's clock. */
async function outsideCall(user: Awaited<ReturnType<typeof newUser>>, calls: (typeof increment)[]) {
  const session = await signedSession(user)
  const now = sim.chain.now()
  return createOutsideExecutionCall({
    session,
    sessionKey: user.sessionKey,
    calls,
    argentSessionServiceUrl: sim.url,
    network: 'sepolia',
    outsideExecutionParams: { execute_after: now - 60, execute_before: now + 600 },
  })
}

it("x-sessions' createOutsideExecutionCall is co-signed, and anyone can submit it: the session's call runs", async () => {
  const user = await newUser(sim, provider, 'efo-1@example.com', 1, transports)
  const before = await counterOf(user.address)
  const call = await outsideCall(user, [increment])
  expect(call.entrypoint).toBe('execute_from_outside_v2')

  // A relayer: a predeployed dev account, paying its own gas.
  const [dev] = sim.accounts
  const relayer = new Account({ provider, address: dev!.address, signer: dev!.private_key })
  const { transaction_hash } = await relayer.execute([call], { tip: 0 })
  expect((await provider.waitForTransaction(transaction_hash, poll)).isSuccess()).toBe(true)
  expect(await counterOf(user.address)).toBe(before + 1n)
})

it('a call outside the session is refused by the cosigner (methodNotAllowed) before anything is signed', async () => {
  const user = await newUser(sim, provider, 'efo-2@example.com', 2, transports)
  const approve = { contractAddress: STRK, entrypoint: 'approve', calldata: [RECIPIENT, 5, 0] as never[] }
  const error = await outsideCall(user, [approve]).catch((reason: unknown) => reason)
  expect(error).toBeInstanceOf(Error)
  expect((error as Error).message).toBe('Sign session error')
  expect(refusal(error)).toBe('methodNotAllowed')

  // A fee-token transfer to anyone but the paymaster is refused too, in the same number-valued body.
  const transfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: [RECIPIENT, 5, 0] as never[] }
  expect(refusal(await outsideCall(user, [transfer]).catch((reason: unknown) => reason))).toBe(
    'methodNotAllowed',
  )
})
