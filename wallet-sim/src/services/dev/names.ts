// Gives an account a Starknet ID name the way its owner would: a `register` transaction on the naming
// contract, sent from the account and signed with its key — the simulator holds the keys of its
// predeployed dev accounts and of the wallet's e-mail users.
import { sameAddress } from '@webwallet/protocol/constants'
import type { Chain } from '../../chain/chain'
import { STARKNET_ID_NAMING_ADDRESS } from '../../chain/contracts/starknetId'
import { RpcCode, RpcError } from '../../chain/errors'
import { selectorOf, toAddress, toHex } from '../../chain/felt'
import type { PredeployedAccount } from '../../chain/genesis'
import { signInvoke } from '../../chain/sign'
import { HttpError } from '../../infra/http/HttpError'
import { Address } from '../../infra/http/schemas'
import { validate } from '../../infra/http/validate'
import { builtinAccess } from '../../node/builtin'
import { type FeltCall, Ledger } from '../../wallet/server/ledger'
import type { LoginService } from '../login/LoginService'
import { decodeStarkName, encodeStarkName, parentOf, starkNameProblem } from './starkName'

/** A registered name and the transactions that registered it. */
export interface NameRegistration {
  name: string
  address: string
  /** The `register` invoke: SUCCEEDED, with a `DomainRegistered` event. */
  transactionHash: string
  /** The account's deploy-account transaction, when a wallet account was not deployed yet. */
  deployTransactionHash?: string
}

/** Starknet ID names for the accounts the simulator can sign for. */
export interface DevNames {
  /**
   * Makes `name` the main domain of the account at `address`. Throws HttpError: 400 for a name starknet.js
   * cannot encode, 404 for an account whose key the simulator does not hold, 409 for a taken name or a
   * transaction the node refused.
   */
  register(address: string, name: string): Promise<NameRegistration>
  /** The main domain of `address` (`address_to_domain`), or undefined. */
  nameOf(address: string): string | undefined
}

export interface DevNamesDependencies {
  /** The current chain (the simulator replaces it on restart and load). */
  chain: () => Chain
  /** The predeployed dev accounts: OpenZeppelin accounts with one Stark key. */
  predeployed: () => readonly Pick<PredeployedAccount, 'address' | 'private_key'>[]
  /** The wallet's users: Argent accounts signed by the owner key and the guardian key. */
  login: Pick<LoginService, 'users' | 'user'>
  guardianPrivateKey: string
}

interface Signer {
  /** Deploys the account when it is not deployed yet; returns the deploy transaction hash. */
  deploy(): Promise<string | undefined>
  invoke(call: FeltCall): Promise<string>
}

const NAMING = toHex(STARKNET_ID_NAMING_ADDRESS)
const conflict = (message: string, details: Record<string, unknown> = {}) =>
  new HttpError(409, 'CONFLICT', message, [message], details)

/**
 * Registers Starknet ID names through real transactions.
 *
 * @example
 * const names = createDevNames({ chain: () => sim.chain, predeployed: () => sim.accounts, login, guardianPrivateKey })
 * await names.register(sim.accounts[0].address, 'alice.stark') // { name, address, transactionHash }
 */
export function createDevNames(deps: DevNamesDependencies): DevNames {
  return {
    register: (rawAddress, name) => register(deps, rawAddress, name),
    nameOf(address) {
      const [length = 0n, ...labels] = read(deps, 'address_to_domain', [BigInt(address), 0n])
      return decodeStarkName(labels.slice(0, Number(length)))
    },
  }
}

/** Checks the name and the account, then registers it (deploying a wallet account first when needed). */
async function register(
  deps: DevNamesDependencies,
  rawAddress: string,
  name: string,
): Promise<NameRegistration> {
  const problem = starkNameProblem(name)
  if (problem) throw new HttpError(400, 'BAD_REQUEST', problem)
  const address = validate(Address, rawAddress, 'address')
  const signer = signerOf(deps, address)
  if (!signer) {
    throw new HttpError(
      404,
      'NOT_FOUND',
      `Unknown account ${address}: names can be registered for the predeployed dev accounts and the wallet's users`,
    )
  }
  checkAvailable(deps, address, name)
  return sendRegistration(deps, signer, address, name)
}

/** The deployment (when needed) and the `register` invoke; the node's refusals are 409s naming the step. */
async function sendRegistration(
  deps: DevNamesDependencies,
  signer: Signer,
  address: string,
  name: string,
): Promise<NameRegistration> {
  const domain = encodeStarkName(name)
  const call = {
    contractAddress: NAMING,
    entrypoint: 'register',
    calldata: [BigInt(domain.length), ...domain],
  }
  let step = 'deployment'
  let deployTransactionHash: string | undefined
  try {
    deployTransactionHash = await signer.deploy()
    step = 'register transaction'
    const transactionHash = await signer.invoke(call)
    const receipt = deps.chain().getTx(BigInt(transactionHash)).receipt
    if (receipt.execution_status !== 'SUCCEEDED') {
      const message = `register reverted: ${String(receipt.revert_reason)}`
      throw new HttpError(500, 'INTERNAL_SERVER_ERROR', message, [message], { transactionHash })
    }
    return { name, address, transactionHash, ...(deployTransactionHash ? { deployTransactionHash } : {}) }
  } catch (error) {
    if (!(error instanceof RpcError)) throw error
    const fund =
      error.code === RpcCode.INSUFFICIENT_ACCOUNT_BALANCE
        ? `; fund it: POST /dev/accounts/${address}/fund`
        : ''
    throw conflict(`The node refused the ${step} of ${address}: ${error.message}${fund}`, {
      rpcCode: error.code,
      ...(deployTransactionHash ? { deployTransactionHash } : {}),
    })
  }
}

/** A view of the naming contract, on the pre-confirmed state. */
function read(deps: DevNamesDependencies, entrypoint: string, calldata: bigint[]): bigint[] {
  return deps
    .chain()
    .call(
      { to: STARKNET_ID_NAMING_ADDRESS, selector: selectorOf(entrypoint), calldata },
      { tag: 'pre_confirmed' },
    )
}

function ownerOf(deps: DevNamesDependencies, name: string): bigint {
  const labels = encodeStarkName(name)
  return read(deps, 'domain_to_address', [BigInt(labels.length), ...labels, 0n])[0] ?? 0n
}

/** Who signs for `address`: a predeployed dev account, else a wallet user, else nobody. */
function signerOf(deps: DevNamesDependencies, address: string): Signer | undefined {
  const dev = deps.predeployed().find((a) => sameAddress(a.address, address))
  if (dev) return devSigner(deps, dev)
  const known = deps.login.users().find((u) => sameAddress(u.address, address))
  const user = known && deps.login.user(known.email)
  if (!user) return undefined
  const ledger = new Ledger(builtinAccess(deps.chain))
  const keys = { ownerPrivateKey: user.ownerPrivateKey, guardianPrivateKey: deps.guardianPrivateKey }
  return {
    // The wallet deploys an account on its first transaction too.
    deploy: async () =>
      (await ledger.isDeployed(address)) ? undefined : ledger.deployAccount(user.account, keys),
    invoke: (call) => ledger.invoke(address, [call], keys),
  }
}

/** A predeployed OpenZeppelin account: deployed at genesis, one Stark key. */
function devSigner(
  deps: DevNamesDependencies,
  dev: Pick<PredeployedAccount, 'address' | 'private_key'>,
): Signer {
  return {
    deploy: async () => undefined,
    invoke: async (call) => {
      const chain = deps.chain()
      const sender = BigInt(dev.address)
      const tx = signInvoke({
        sender,
        privateKey: BigInt(dev.private_key),
        nonce: chain.pending.getNonce(sender),
        calls: [
          {
            to: BigInt(call.contractAddress),
            selector: selectorOf(call.entrypoint),
            calldata: [...call.calldata],
          },
        ],
        chainId: chain.chainId,
        prices: chain.gasPrices,
      })
      return toHex(chain.addTransaction(tx, 'INVOKE').hash)
    },
  }
}

function checkAvailable(deps: DevNamesDependencies, address: string, name: string): void {
  const owner = ownerOf(deps, name)
  if (sameAddress(owner, address)) throw conflict(`${name} is already registered to ${address}`)
  if (owner !== 0n) throw conflict(`${name} is taken by ${toAddress(owner)}`)
  // Starknet ID: only the owner of a domain creates its subdomains.
  const parent = parentOf(name)
  if (parent === undefined) return
  const parentOwner = ownerOf(deps, parent)
  if (parentOwner === 0n)
    throw conflict(`${parent} is not registered: register it to ${address} before ${name}`)
  if (!sameAddress(parentOwner, address))
    throw conflict(`${parent} belongs to ${toAddress(parentOwner)}: only its owner can register ${name}`)
}
