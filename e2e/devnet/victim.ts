// The victim of the attacker's cross-check (e2e/devnet/forged.ts): a wallet user whose app's session key is
// stolen, and the wallet revoking that session.
import { serializeSignerSignature, signerGuid, signHash, toHex } from '@webwallet/protocol/session'
import { generateSessionKey, WebWallet, type WebWalletOptions } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import type { RunningSim } from '@webwallet/wallet-sim'
import { WebSocket } from 'ws'
import { headlessWalletOptions } from '../support/headless'
import { RpcProvider } from '../support/starknet10'
import { approve, ETH } from './journeys'

// A Stark session key, as the SDK's own, that also hands its private key to the attacker: the theft.
function stolenKeyKind(stolen: { privateKey?: string }): NonNullable<WebWalletOptions['sessionKey']> {
  return {
    async generate() {
      const pair = generateSessionKey()
      stolen.privateKey = pair.privateKey
      return pair
    },
    guid: (publicKey) => signerGuid(publicKey),
    async sign(key, message) {
      const signature = signHash(message, key.privateKey)
      const { signer, r, s } = signature
      return {
        felts: serializeSignerSignature(signature),
        cosigner: { type: 'StarknetKey', signer: { publicKey: toHex(signer), r: `${r}`, s: `${s}` } },
      }
    },
  }
}

/** A signed-in user with a session on the ETH `approve` of `sim`, whose account the first execute deploys. */
export async function victim(sim: RunningSim, email: string, stolen?: { privateKey?: string }) {
  const { login, inbox } = sim.walletSim
  login.start(email)
  const { token } = await login.verify(email, inbox.latest(email)?.code ?? '')
  const wallet = WebWallet.init({
    appName: 'forged',
    sessionParams: { allowedMethods: [{ contract: ETH, selector: 'approve' }], validityDays: 1 },
    ...(stolen ? { sessionKey: stolenKeyKind(stolen) } : {}),
    ...headlessWalletOptions(sim, token),
  })
  const { account } = await wallet.requestConnection()
  const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
  await provider.waitForTransaction((await account.execute(approve(1))).transaction_hash, {
    retryInterval: 50,
  })
  return { token, account, owner: login.userOfToken(token).ownerPrivateKey }
}

/**
 * `revoke_session(hash)` on the account, signed by the wallet (owner + guardian) for `token`'s user; answers
 * the transaction hash.
 */
export async function revokeSession(
  sim: RunningSim,
  token: string,
  account: string,
  hash: string,
): Promise<string> {
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: `${sim.trpcUrl}?token=${token}`,
    WebSocket: WebSocket as never,
  })
  try {
    await connector.connect()
    const { transaction_hash } = (await connector.request({
      type: 'wallet_addInvokeTransaction',
      params: { calls: [{ contract_address: account, entry_point: 'revoke_session', calldata: [hash] }] },
    })) as { transaction_hash: string }
    return transaction_hash
  } finally {
    await connector.disconnect()
  }
}
