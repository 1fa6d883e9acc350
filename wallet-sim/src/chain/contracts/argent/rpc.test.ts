// The Argent class over the simulator's JSON-RPC, driven by starknet.js v10 (deploy, owner + guardian
// invoke, session-token invoke) and v8 (a relayed SNIP-9 v2 outside execution).
import {
  buildOutsideExecution,
  buildSession,
  buildSessionToken,
  outsideExecutionCalldata,
  outsideExecutionHash,
  publicKeyOf,
  serializeSessionToken,
  sessionHash,
  signHash,
  signSessionMessage,
  toHex,
} from '@webwallet/protocol/session'
import {
  Account,
  CairoCustomEnum,
  CairoOption,
  CairoOptionVariant,
  type Call,
  CallData,
  hash,
  type InvocationsSignerDetails,
  RpcProvider,
  type Signature,
  Signer,
  transaction,
} from 'starknet'
import { Account as AccountV8, RpcProvider as RpcProviderV8 } from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { startSim } from '../../../index'
import { STRK_ADDRESS } from '../index'
import { ARGENT_ACCOUNT_CLASS_HASH } from './index'

const keys = { owner: 0x0a11cen, guardian: 0x0b0bn, session: 0x5e55n }
const STRK = toHex(STRK_ADDRESS)
const RECIPIENT = '0x7e51e47'
const pay = (amount: bigint): Call => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, toHex(amount), '0x0'],
})

/** Signs every transaction hash with the owner and the guardian (Argent's concise [r1, s1, r2, s2]). */
class ArgentSigner extends Signer {
  protected override async signRaw(msgHash: string): Promise<Signature> {
    const [owner, guardian] = [keys.owner, keys.guardian].map((key) => signHash(msgHash, key))
    return [owner!.r, owner!.s, guardian!.r, guardian!.s].map(toHex)
  }
}

/** Builds x-sessions-style session tokens, co-signing locally with the guardian key as the cosigner would. */
class SessionTokenSigner extends Signer {
  constructor(
    private readonly session: ReturnType<typeof buildSession>,
    private readonly authorization: bigint[],
  ) {
    super(toHex(keys.session))
  }
  override async signTransaction(calls: Call[], details: InvocationsSignerDetails): Promise<Signature> {
    const txHash = hash.calculateInvokeTransactionHash({
      ...details,
      senderAddress: details.walletAddress,
      compiledCalldata: transaction.getExecuteCalldata(calls, details.cairoVersion),
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
    })
    const hashOfSession = sessionHash(this.session, details.walletAddress, details.chainId)
    const message = { transactionHash: txHash, sessionHash: hashOfSession, cacheAuthorization: false }
    const token = buildSessionToken({
      session: this.session,
      calls,
      sessionAuthorization: this.authorization,
      sessionSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.session }),
      guardianSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.guardian }),
      cacheAuthorization: false,
    })
    return serializeSessionToken(token).map(toHex)
  }
}

describe('Argent account over JSON-RPC', () => {
  it('deploys with starknet.js v10, runs owner and session invokes, and a v8-relayed outside execution', async () => {
    await using sim = await startSim({ accounts: 2 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const constructorCalldata = CallData.compile({
      owner: new CairoCustomEnum({ Starknet: { pubkey: toHex(publicKeyOf(keys.owner)) } }),
      guardian: new CairoOption(
        CairoOptionVariant.Some,
        new CairoCustomEnum({ Starknet: { pubkey: toHex(publicKeyOf(keys.guardian)) } }),
      ),
    })
    const address = hash.calculateContractAddressFromHash(
      1n,
      ARGENT_ACCOUNT_CLASS_HASH,
      constructorCalldata,
      0,
    )
    const funder = new Account({
      provider,
      address: sim.accounts[0]!.address,
      signer: sim.accounts[0]!.private_key,
    })
    const fund = await funder.execute({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [address, toHex(10n ** 20n), '0x0'],
    })
    await provider.waitForTransaction(fund.transaction_hash, { retryInterval: 10 })

    const argent = new Account({ provider, address, signer: new ArgentSigner(toHex(keys.owner)) })
    const deployment = await argent.deployAccount({
      classHash: toHex(ARGENT_ACCOUNT_CLASS_HASH),
      constructorCalldata,
      addressSalt: '0x1',
    })
    await provider.waitForTransaction(deployment.transaction_hash, { retryInterval: 10 })
    expect(BigInt(await provider.getClassHashAt(address))).toBe(ARGENT_ACCOUNT_CLASS_HASH)

    const owned = await argent.execute(pay(1n))
    expect(
      (await provider.waitForTransaction(owned.transaction_hash, { retryInterval: 10 })).isSuccess(),
    ).toBe(true)

    const chainId = await provider.getChainId()
    const session = buildSession({
      expiresAt: BigInt(sim.chain.now() + 3600),
      allowedMethods: [{ 'Contract Address': STRK, selector: 'transfer' }],
      metadata: { projectID: 'rpc-test', txFees: [] },
      sessionPublicKey: publicKeyOf(keys.session),
    })
    const hashOfSession = sessionHash(session, address, chainId)
    const authorization = [keys.owner, keys.guardian].flatMap((key) => {
      const { r, s } = signHash(hashOfSession, key)
      return [r, s]
    })
    const sessionAccount = new Account({
      provider,
      address,
      signer: new SessionTokenSigner(session, authorization),
    })
    // starknet.js's own estimate (SKIP_VALIDATE, empty signature) plus its 50% margin covers the session token.
    const bySession = await sessionAccount.execute([pay(2n), pay(3n)])
    expect(
      (await provider.waitForTransaction(bySession.transaction_hash, { retryInterval: 10 })).isSuccess(),
    ).toBe(true)

    const execution = buildOutsideExecution({
      calls: [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [RECIPIENT, 4n, 0n] }],
      nonce: 42n,
      nowMs: sim.chain.now() * 1000,
    })
    const signature = [keys.owner, keys.guardian].flatMap((key) => {
      const { r, s } = signHash(outsideExecutionHash(execution, address, chainId), key)
      return [r, s]
    })
    const relayer = new AccountV8({
      provider: new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` }),
      address: sim.accounts[1]!.address,
      signer: sim.accounts[1]!.private_key,
    })
    const relayed = await relayer.execute({
      contractAddress: address,
      entrypoint: 'execute_from_outside_v2',
      calldata: outsideExecutionCalldata(execution, signature).map(toHex),
    })
    expect(
      (await provider.waitForTransaction(relayed.transaction_hash, { retryInterval: 10 })).isSuccess(),
    ).toBe(true)

    const [received] = await provider.callContract({
      contractAddress: STRK,
      entrypoint: 'balance_of',
      calldata: [RECIPIENT],
    })
    expect(BigInt(received!)).toBe(1n + 2n + 3n + 4n)
  })
})
