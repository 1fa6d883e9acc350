// A wallet-sim user as x-sessions' app sees it: logged in, account deployed, the wallet router over
// WebSocket from the app's origin, and x-sessions' session request signed by the wallet through plain
// signTypedData (x-sessions' own flow). Shared by the x-sessions compatibility tests.
import {
  createSession,
  createSessionRequest,
  type Session,
  type SessionKey,
  type SessionRequest,
} from '@argent/x-sessions'
import { STRK_ADDRESS as STRK, type TypedData } from '@webwallet/protocol'
import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import { openTransport, type WalletTransport } from '@webwallet/shim/connector'
import { CONTRACTS, type RunningSim } from '@webwallet/wallet-sim'
import { constants, type RpcProvider } from 'starknet'
import { WebSocket } from 'ws'
import { logIn } from '../sdk/login'

export { STRK }
export const RECIPIENT = '0x0000000000000000000000000000000000000000000000000000000000abcdef'
export const APP_ORIGIN = 'https://x-sessions.example'
export const chainId = constants.StarknetChainId.SN_SEPOLIA
export const poll = { retryInterval: 50 }
// The app's own call. Not a STRK transfer: the cosigner co-signs a fee-token transfer only to the paymaster.
export const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }

/** The wallet router over WebSocket, as the app at APP_ORIGIN sees it, logged in as `token`'s user. */
export function walletFor(sim: RunningSim, token: string, opened: WalletTransport[]): WalletTransport {
  class AppWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { origin: APP_ORIGIN })
    }
  }
  const transport = openTransport('websocket', {
    walletUrl: sim.url,
    brandName: 'Argent',
    websocketUrl: `${sim.trpcUrl}?token=${token}`,
    WebSocket: AppWebSocket as never,
  })
  opened.push(transport)
  return transport
}

/** A new user with a deployed account, and x-sessions' request for a counter session with a fresh key. */
export async function newUser(
  sim: RunningSim,
  provider: RpcProvider,
  email: string,
  keySeed: number,
  opened: WalletTransport[],
) {
  const wallet = walletFor(sim, await logIn(sim, email), opened)
  // A first transaction through the wallet deploys the account.
  const call = { contract_address: STRK, entry_point: 'transfer', calldata: [RECIPIENT, '1', '0'] }
  const deployed = await wallet.mutate({ procedure: 'addInvokeTransaction', input: [call] })
  await provider.waitForTransaction(String(deployed), poll)
  const address = sim.walletSim.login.user(email)?.account.address ?? ''
  const privateKey = toHex(0x5e55_0000n + BigInt(keySeed))
  const sessionKey: SessionKey = { privateKey, publicKey: toHex(publicKeyOf(privateKey)) }
  const request = createSessionRequest({
    chainId,
    sessionParams: {
      allowedMethods: [{ 'Contract Address': CONTRACTS.counter, selector: 'increment' }],
      expiry: BigInt(sim.chain.now() + 3_600),
      sessionKey,
      metaData: {
        projectID: 'x-sessions-wallet',
        txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }],
      },
    },
  })
  return { wallet, address, sessionKey, request }
}
export type XsUser = Awaited<ReturnType<typeof newUser>>

/** x-sessions' flow: the wallet signs the session typed data, the app builds the session from it. */
export async function signedSession(user: XsUser, request: SessionRequest = user.request): Promise<Session> {
  // starknet.js's TypedData type, the same JSON as the protocol's.
  const typedData = request.sessionTypedData as unknown as TypedData
  const signature = await user.wallet.mutate({ procedure: 'signTypedData', input: [typedData] })
  return createSession({
    address: user.address,
    authorisationSignature: signature as string[],
    sessionRequest: request,
    chainId,
  })
}

/** The status word of the cosigner's refusal (x-sessions' 'Sign session error' carries it as its cause). */
export const refusal = (error: unknown) => (error as { message?: string; cause?: unknown }).cause
