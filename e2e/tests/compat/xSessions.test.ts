// Compatibility with the public client library @argent/x-sessions 9.0.4 (and its starknet 8.5.2): every hash,
// proof and signature felt our protocol/session computes must equal what x-sessions produces.
import {
  ALLOWED_METHOD_HASH,
  buildSessionAccount,
  createOutsideExecutionCall,
  createOutsideExecutionTypedData,
  createSession,
  createSessionRequest,
  type Session as XsSession,
  buildOutsideExecution as xsBuildOutsideExecution,
} from '@argent/x-sessions'
import {
  ALLOWED_METHOD_TYPE_HASH,
  buildOutsideExecution,
  buildSession,
  buildSessionToken,
  outsideExecutionCalldata,
  outsideExecutionHash,
  publicKeyOf,
  type Session,
  serializeSessionToken,
  serializeSignerSignatures,
  sessionHash,
  sessionTypedData,
  signHash,
  signSessionMessage,
  toHex,
} from '@webwallet/protocol/session'
import { constants, ETransactionVersion, hash, RpcProvider, stark, transaction, typedData } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cosigner, startCosigner } from './cosigner'

const chainId = constants.StarknetChainId.SN_SEPOLIA
const account = '0x3b2c1a0f9e8d7c6b5a49382716051f2e3d4c5b6a79880a1b2c3d4e5f6071829'
const strk = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const eth = '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const dapp = '0x36d8be2991d685af817ef9d127ffb00fbb98a88d910195b04ec4559289a99f6'
const keys = { owner: '0x1b0b', guardian: '0x2c0c', session: '0x3d0d' }
const sessionKey = { privateKey: keys.session, publicKey: toHex(publicKeyOf(keys.session)) }
const allowedMethods = [
  { 'Contract Address': dapp, selector: 'increase_counter' },
  { 'Contract Address': strk, selector: 'transfer' },
  { 'Contract Address': eth, selector: 'approve' },
  { 'Contract Address': dapp, selector: 'set_number' },
  { 'Contract Address': eth, selector: 'transfer' },
]
const metaData = {
  projectID: 'compat-test',
  txFees: [
    { tokenAddress: eth, maxAmount: '10000000000000000000' },
    { tokenAddress: strk, maxAmount: '100000000000000000' },
  ],
}
const expiry = 1_900_000_000n
const calls = [
  { contractAddress: dapp, entrypoint: 'set_number', calldata: ['0x2a'] },
  { contractAddress: eth, entrypoint: 'transfer', calldata: [dapp, '0x64', '0x0'] },
]

const ours: Session = buildSession({
  expiresAt: expiry,
  allowedMethods,
  metadata: metaData,
  sessionPublicKey: sessionKey.publicKey,
})
const ourSessionHash = sessionHash(ours, account, chainId)
// The owner and guardian sign the session hash: Argent's Array<SignerSignature> form.
const authorisationSignature = serializeSignerSignatures([
  signHash(ourSessionHash, keys.owner),
  signHash(ourSessionHash, keys.guardian),
]).map(toHex)

// The invoke's V3 hash, computed by starknet.js as x-sessions' SessionAccount computes it before signing.
const details = invokeDetails()
const transactionHash = hash.calculateInvokeTransactionHash({
  ...details,
  senderAddress: account,
  compiledCalldata: transaction.getExecuteCalldata(calls, '1'),
  nonceDataAvailabilityMode: stark.intDAM(details.nonceDataAvailabilityMode),
  feeDataAvailabilityMode: stark.intDAM(details.feeDataAvailabilityMode),
})
let cosigner: Cosigner
let xsSession: XsSession

beforeAll(async () => {
  cosigner = await startCosigner(keys.guardian, () => transactionHash)
  const request = createSessionRequest({
    chainId,
    sessionParams: { allowedMethods, expiry, sessionKey, metaData },
  })
  xsSession = await createSession({
    address: account,
    authorisationSignature,
    sessionRequest: request,
    chainId,
  })
})
afterAll(() => cosigner.close())

describe('session', () => {
  it('builds the same typed data, session key GUID and SNIP-12 session hash', () => {
    const request = createSessionRequest({
      chainId,
      sessionParams: { allowedMethods, expiry, sessionKey, metaData },
    })
    expect(BigInt(request.offchainSession.session_key_guid)).toBe(ours.sessionKeyGuid)
    expect(request.offchainSession.metadata).toBe(ours.metadata)
    expect(typedData.getMessageHash(request.sessionTypedData, account)).toBe(toHex(ourSessionHash))
    expect(typedData.getMessageHash(sessionTypedData(ours, chainId), account)).toBe(toHex(ourSessionHash))
    expect(BigInt(xsSession.hash)).toBe(ourSessionHash)
    expect(BigInt(ALLOWED_METHOD_HASH)).toBe(ALLOWED_METHOD_TYPE_HASH)
  })
})

describe('session-token signature of an invoke', () => {
  it.each([false, true])(
    'equals x-sessions felt for felt (cache authorisation %s)',
    async (cacheAuthorisation) => {
      const sessionAccount = await buildSessionAccount({
        session: xsSession,
        sessionKey,
        provider: new RpcProvider({ nodeUrl: 'http://127.0.0.1:9/rpc' }),
        argentSessionServiceBaseUrl: cosigner.url,
        useCacheAuthorisation: cacheAuthorisation,
      })
      const signature = await sessionAccount.signer.signTransaction(calls, details)
      const felts = stark.formatSignature(signature)
      const message = { transactionHash, sessionHash: ourSessionHash, cacheAuthorization: cacheAuthorisation }
      const token = buildSessionToken({
        session: ours,
        calls,
        sessionAuthorization: authorisationSignature,
        sessionSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.session }),
        guardianSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.guardian }),
        cacheAuthorization: cacheAuthorisation,
      })
      expect(felts.map((felt) => BigInt(felt))).toEqual(serializeSessionToken(token))
      expect(BigInt(cosigner.requests.at(-1)!.body.session.sessionHash)).toBe(ourSessionHash)
    },
  )
})

describe('outside execution v2', () => {
  const window = { nonce: '0x6e6f6e6365', execute_after: 1_800_000_000, execute_before: 1_800_001_800 }
  const execution = buildOutsideExecution({
    calls,
    nonce: window.nonce,
    executeAfter: window.execute_after,
    executeBefore: window.execute_before,
    nowMs: 0,
  })

  it('builds the same struct with ANY_CALLER by default', () => {
    const theirs = xsBuildOutsideExecution(
      calls,
      undefined,
      window.execute_after,
      window.execute_before,
      window.nonce,
    )
    expect(BigInt(theirs.caller)).toBe(execution.caller)
    expect(theirs.calls.map((call) => BigInt(call.selector))).toEqual(
      execution.calls.map((call) => call.selector),
    )
  })

  it('hashes the typed data and signs a session token exactly as x-sessions does', async () => {
    const { outsideExecutionTypedData, signature } = await createOutsideExecutionTypedData({
      session: xsSession,
      sessionKey,
      calls,
      cacheAuthorisation: false,
      outsideExecutionParams: { ...window, version: '2' },
      argentSessionServiceUrl: cosigner.url,
    })
    const hash = outsideExecutionHash(execution, account, chainId)
    expect(typedData.getMessageHash(outsideExecutionTypedData, account)).toBe(toHex(hash))

    const message = { transactionHash: hash, sessionHash: ourSessionHash, cacheAuthorization: false }
    const token = buildSessionToken({
      session: ours,
      calls,
      sessionAuthorization: authorisationSignature,
      sessionSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.session }),
      guardianSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.guardian }),
      cacheAuthorization: false,
    })
    expect(signature.map((felt) => BigInt(felt))).toEqual(serializeSessionToken(token))
  })

  it('compiles the same execute_from_outside_v2 calldata', async () => {
    const call = await createOutsideExecutionCall({
      session: xsSession,
      sessionKey,
      calls,
      outsideExecutionParams: window,
      argentSessionServiceUrl: cosigner.url,
    })
    expect(call.entrypoint).toBe('execute_from_outside_v2')
    const compiled = (call.calldata as string[]).map((felt: string) => BigInt(felt))
    const signatureLength = Number(compiled[outsideExecutionCalldata(execution, []).length - 1])
    const signature = compiled.slice(-signatureLength)
    expect(compiled).toEqual(outsideExecutionCalldata(execution, signature))
  })
})

function invokeDetails() {
  return {
    walletAddress: account,
    chainId,
    cairoVersion: '1' as const,
    nonce: 7,
    version: ETransactionVersion.V3,
    resourceBounds: {
      l1_gas: { max_amount: 0x100n, max_price_per_unit: 0x10n },
      l2_gas: { max_amount: 0x1000n, max_price_per_unit: 0x1n },
      l1_data_gas: { max_amount: 0x80n, max_price_per_unit: 0x2n },
    },
    tip: 0n,
    paymasterData: [],
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 'L1' as const,
    feeDataAvailabilityMode: 'L1' as const,
  }
}
