// examples/contracts/counter for the devnet tests: its committed artifacts, and declare + deploy from an
// account (a devnet predeployed one), as docs/own-contracts.md shows.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Account, CallData, Contract, type RpcProvider } from '../support/starknet10.ts'

const ARTIFACTS = join(import.meta.dirname, '..', '..', 'examples', 'contracts', 'artifacts')
const artifact = (file: string) => JSON.parse(readFileSync(join(ARTIFACTS, file), 'utf8'))
export const sierra = artifact('counter.contract_class.json')
export const casm = artifact('counter.compiled_contract_class.json')
export const meta = artifact('counter.meta.json') as { classHash: string; compiledClassHash: string }

/** The node's predeployed accounts (devnet_getPredeployedAccounts). */
export async function predeployedAccounts(
  rpcUrl: string,
): Promise<{ address: string; private_key: string }[]> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_getPredeployedAccounts', params: [] }),
  })
  return ((await response.json()) as { result: { address: string; private_key: string }[] }).result
}

/** Waits for a transaction and throws unless it succeeded. */
export async function succeeded(provider: RpcProvider, transactionHash: string) {
  const receipt = await provider.waitForTransaction(transactionHash, { retryInterval: 50 })
  if (!receipt.isSuccess())
    throw new Error(`${transactionHash} did not succeed: ${JSON.stringify(receipt.value)}`)
  return receipt
}

/** Declares the counter (when it is not yet) and deploys one with `initial`; answers it, read-only. */
export async function deployCounter(provider: RpcProvider, account: Account, initial: number) {
  const declared = await account.declareIfNot({ contract: sierra, casm })
  if (declared.transaction_hash) await succeeded(provider, declared.transaction_hash)
  const deployed = await account.deployContract({
    classHash: meta.classHash,
    constructorCalldata: CallData.compile({ initial }),
  })
  await succeeded(provider, deployed.transaction_hash)
  return new Contract({ abi: sierra.abi, address: deployed.contract_address, providerOrAccount: provider })
}
