// A small but real wallet for the connector's tests: a tRPC v11 router with the procedures the connector
// calls, real Stark-curve signatures, an error formatter like the product's (webwalletErrorCode/Message,
// webwalletError), and the updateModal subscription. Served over ws in Node tests and over postMessage
// in the Chromium tests (see windowHandler.ts).
import { initTRPC, TRPCError } from '@trpc/server'
import { serializeError, UserRejectedError, type WebWalletError } from '@webwallet/protocol'
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
  /** While set, requestChainId waits for it (a user who has not answered yet). */
  hold?: Promise<void> | undefined
}

export function createTestWalletState(overrides: Partial<TestWalletState> = {}): TestWalletState {
  const privateKey = overrides.privateKey ?? '0x1234567890abcdef'
  const publicKey = ec.starkCurve.getStarkKey(privateKey)
  return {
    privateKey,
    address: hash.calculateContractAddressFromHash(publicKey, '0x1a7', [publicKey], 0),
    chainId: '0x534e5f5345504f4c4941',
    granted: false,
    decision: 'approve',
    modal: [],
    ...overrides,
  }
}

type Meta = { webwallet?: { code?: string; message?: string; error?: WebWalletError } }
const t = initTRPC.create({
  errorFormatter({ shape, error }) {
    const cause = error.cause as (Error & Meta) | undefined
    return {
      ...shape,
      data: {
        ...shape.data,
        ...(cause?.webwallet?.code
          ? { webwalletErrorCode: cause.webwallet.code, webwalletErrorMessage: cause.webwallet.message }
          : {}),
        ...(cause?.webwallet?.error ? { webwalletError: serializeError(cause.webwallet.error) } : {}),
      },
    }
  },
})

const fail = (webwallet: Meta['webwallet']) =>
  new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    cause: Object.assign(new Error('wallet error'), { webwallet }),
  })

export function createTestWalletRouter(state: TestWalletState) {
  const approved = () => {
    if (state.decision === 'reject') throw fail({ error: new UserRejectedError() })
  }
  const connect = () => {
    approved()
    state.granted = true
    return { account: [state.address], chainId: state.chainId }
  }
  return t.router({
    connectWebwallet: t.procedure.mutation(connect),
    connectWebwalletSSO: t.procedure.mutation(connect),
    requestAccounts: t.procedure.mutation(() => {
      approved()
      return [state.address]
    }),
    requestChainId: t.procedure.mutation(async () => {
      await state.hold
      return state.chainId
    }),
    getPermissions: t.procedure.mutation(() => (state.granted ? ['accounts'] : [])),
    signTypedData: t.procedure
      .input((v) => v as TypedData)
      .mutation(({ input }) => {
        approved()
        const signature = ec.starkCurve.sign(td.getMessageHash(input, state.address), state.privateKey)
        return [`0x${signature.r.toString(16)}`, `0x${signature.s.toString(16)}`]
      }),
    addInvokeTransaction: t.procedure
      .input((v) => v as unknown[])
      .mutation(({ input }) => {
        approved()
        return { transaction_hash: hash.computePoseidonHashOnElements([input.length, state.address]) }
      }),
    deploymentData: t.procedure.mutation(() => ({
      address: state.address,
      class_hash: '0x1a7',
      salt: '0x0',
    })),
    connectAndSignSession: t.procedure
      .input((v) => v as { sessionTypedData: TypedData })
      .mutation(({ input }) => {
        if (state.sessionFailure) throw fail(state.sessionFailure)
        approved()
        state.granted = true
        const sig = ec.starkCurve.sign(
          td.getMessageHash(input.sessionTypedData, state.address),
          state.privateKey,
        )
        return {
          account: state.address,
          chainId: state.chainId,
          signature: [`0x${sig.r.toString(16)}`, `0x${sig.s.toString(16)}`],
        }
      }),
    updateModal: t.procedure.subscription(async function* ({ signal }) {
      const queue: unknown[] = []
      let wake = () => {}
      const push = (update: unknown) => {
        queue.push(update)
        wake()
      }
      state.modal.push(push)
      signal?.addEventListener('abort', () => wake())
      try {
        while (!signal?.aborted) {
          if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
          while (queue.length > 0) yield queue.shift()
        }
      } finally {
        state.modal.splice(state.modal.indexOf(push), 1)
      }
    }),
  })
}

export type TestWalletRouter = ReturnType<typeof createTestWalletRouter>
