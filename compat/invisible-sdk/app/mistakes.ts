// Calls invisible-sdk 1.0.0's declarations refuse: each must be a type error against ours as well, so the
// type test fails if our declarations are looser (an `any`, a missing parameter, a wider return).
import { ArgentWebWallet } from '@argent/invisible-sdk'

// @ts-expect-error sessionParams is required
ArgentWebWallet.init({ appName: 'app' })

const wallet = ArgentWebWallet.init({ appName: 'app', sessionParams: { allowedMethods: [] } })

// @ts-expect-error requestApprovals takes the requests
void wallet.requestApprovals()

// @ts-expect-error requestConnection takes its parameters object
void wallet.requestConnection()

export async function statusIsNoString() {
  const account = (await wallet.connect())?.account
  // @ts-expect-error the status is one of five names
  const status: 'CONNECTED' = account!.getSessionStatus()
  // @ts-expect-error getOutsideExecutionPayload takes { calls }, not the calls
  await account!.getOutsideExecutionPayload([{ contractAddress: '0x1', entrypoint: 'x', calldata: [] }])
  // @ts-expect-error clearSession answers a promise of nothing
  const cleared: string = await wallet.clearSession()
  return [status, cleared]
}
