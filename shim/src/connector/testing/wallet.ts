// A small but real wallet for the connector's tests: protocol's wallet router (its schemas, its error
// formatter) with handlers that sign with real Stark keys. Served over ws in Node tests and over
// postMessage in the Chromium tests (see windowHandler.ts).
import { ConnectAndSignSessionError, UserLoggedOutError, UserRejectedError } from '@webwallet/protocol/errors'
import { createWalletRouter, type WalletHandlers } from '@webwallet/protocol/router'
import { ec, hash, type TypedData, typedData as td } from 'starknet'

export type TestWalletState = {
  privateKey: string
  address: string
  chainId: string
  /** Whether the wallet grants `accounts` (after a connect). */
  granted: boolean
  /** What the user does in the wallet: approve, or reject (113). */
  decision: 'approve' | 'reject'
  /** Makes connectAndSignSession fail with this webwalletErrorCode/Message. */
  sessionFailure?: { code: string; message: string } | undefined
  modal: Array<(update: unknown) => void>
  /** The open walletEvents subscriptions: call one to push an event to its dapp. */
  events: Array<(event: unknown) => void>
  /** The wallet ended the login: requestChainId answers USER_LOGGED_OUT. */
  loggedOut?: boolean | undefined
  /** While set, connect and requestChainId wait for it (a user who has not answered yet). */
  hold?: Promise<void> | undefined
}

const ACCOUNT_CLASS_HASH = '0x1a7'

export function createTestWalletState(overrides: Partial<TestWalletState> = {}): TestWalletState {
  const privateKey = overrides.privateKey ?? '0x1234567890abcdef'
  const publicKey = ec.starkCurve.getStarkKey(privateKey)
  return {
    privateKey,
    address: hash.calculateContractAddressFromHash(publicKey, ACCOUNT_CLASS_HASH, [publicKey], 0),
    chainId: '0x534e5f5345504f4c4941',
    granted: false,
    decision: 'approve',
    modal: [],
    events: [],
    ...overrides,
  }
}

function sign(state: TestWalletState, typedData: unknown): string[] {
  const signature = ec.starkCurve.sign(
    td.getMessageHash(typedData as TypedData, state.address),
    state.privateKey,
  )
  return [`0x${signature.r.toString(16)}`, `0x${signature.s.toString(16)}`]
}

export function createTestWalletHandlers(state: TestWalletState): WalletHandlers {
  /** Waits for the user's decision and runs `then` if they approve. */
  const approved = async <T>(then: () => T): Promise<T> => {
    await state.hold
    if (state.decision === 'reject') throw new UserRejectedError()
    return then()
  }
  const connect = () =>
    approved(() => {
      state.granted = true
      return { account: [state.address], chainId: state.chainId }
    })
  return {
    authorize: () => approved(() => true),
    connect,
    connectWebwallet: connect,
    connectWebwalletSSO: connect,
    enable: async () => (await connect()).account[0]!,
    getLoginStatus: async () => ({ isLoggedIn: state.granted }),
    // The login ends: the next request asks again (this test wallet grants again on approval).
    logout: async () => {
      const was = state.granted
      state.granted = false
      return was
    },
    requestAccounts: async () => (await connect()).account,
    requestChainId: async () => {
      if (state.loggedOut) throw new UserLoggedOutError()
      await state.hold
      return state.chainId
    },
    getPermissions: async () => (state.granted ? ['accounts' as const] : []),
    signTypedData: ([typedData]) => approved(() => sign(state, typedData)),
    signMessage: ([typedData]) => approved(() => sign(state, typedData)),
    execute: ([calls]) => approved(() => hash.computePoseidonHashOnElements([calls.length, state.address])),
    addInvokeTransaction: (calls) =>
      approved(() => hash.computePoseidonHashOnElements([calls.length, state.address])),
    deploymentData: async () => {
      const publicKey = ec.starkCurve.getStarkKey(state.privateKey)
      return {
        address: state.address,
        class_hash: ACCOUNT_CLASS_HASH,
        salt: publicKey,
        calldata: [publicKey],
        version: 1,
      }
    },
    connectAndSignSession: async (request) => {
      if (state.sessionFailure) {
        throw new ConnectAndSignSessionError(state.sessionFailure.message, state.sessionFailure.code)
      }
      return approved(() => {
        state.granted = true
        return {
          account: [state.address],
          chainId: state.chainId,
          signature: sign(state, request.sessionTypedData),
        }
      })
    },
    updateModal: (_ctx, signal) => pushed(state.modal, signal) as AsyncIterable<never>,
    walletEvents: (_ctx, signal) => pushed(state.events, signal) as AsyncIterable<never>,
  }
}

/** What is pushed through the function added to `subscribers`, until `signal` aborts. */
async function* pushed(subscribers: Array<(value: unknown) => void>, signal: AbortSignal | undefined) {
  const queue: unknown[] = []
  let wake = () => {}
  const push = (value: unknown) => {
    queue.push(value)
    wake()
  }
  subscribers.push(push)
  signal?.addEventListener('abort', () => wake())
  try {
    while (!signal?.aborted) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      while (queue.length > 0) yield queue.shift()
    }
  } finally {
    subscribers.splice(subscribers.indexOf(push), 1)
  }
}

export function createTestWalletRouter(state: TestWalletState) {
  return createWalletRouter(createTestWalletHandlers(state))
}
