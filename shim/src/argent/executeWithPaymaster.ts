// invisible-sdk 1.0.0's `executeWithPaymaster`, run by the account's own paymaster route
// (shim/src/account/gasless.ts).
import { InvalidOptionsError } from '@webwallet/protocol/errors'
import { toFelt } from '@webwallet/protocol/session'
import type { AccountContext, Call } from '../account/context'
import { SessionAccount } from '../account/SessionAccount'
import { createPaymaster } from '../paymaster/client'
import { paymasterBase } from '../sdk/options'
import { accountParts, type SessionAccountInterface } from './account'
import { type ExecuteDetails, executeDetails } from './details'
import type { PaymasterParameters } from './params'
import { gaslessBaseUrls } from './paymasterHelpers'

/** What this function asks of invisible-sdk's token service (x-shared's `TokenServiceWeb`). */
export interface TokenBalanceService {
  fetchAddressTokenBalancesFromBackend(
    address: string,
    network: 'mainnet' | 'sepolia',
  ): Promise<readonly { address: string; balance: string | number | bigint }[]>
}

/**
 * Runs `calls` through the paymaster (`baseUrl`, else the account's) as one outside execution the session
 * signs, deploying the account first if needed: sponsored with `apiKey`, else paid in `tokenAddress` or the
 * first gas token whose balance covers the fee (from `tokenService.fetchAddressTokenBalancesFromBackend` when
 * it has one, else the chain; none: NOT_ENOUGH_GAS_TOKEN). `account` must be this entry's (INVALID_OPTIONS).
 *
 * @example
 * const { transaction_hash } = await executeWithPaymaster(tokenService, account, [play], { tokenAddress: USDC })
 */
export async function executeWithPaymaster(
  tokenService: unknown,
  account: SessionAccountInterface,
  calls: Call[],
  paymasterParams: PaymasterParameters,
  universalDetails?: ExecuteDetails,
): Promise<{ transaction_hash: string }> {
  const parts = accountParts(account)
  if (!parts) {
    throw new InvalidOptionsError('account', "must be this entry's (connect or createSessionAccount)")
  }
  const { ctx, options } = parts
  const { apiKey, baseUrl, tokenAddress } = paymasterParams ?? {}
  const fallback = (gaslessBaseUrls as Record<string, string | undefined>)[ctx.chainId] ?? ''
  const paymaster = createPaymaster({
    baseUrl: baseUrl === undefined ? (options.paymaster?.baseUrl ?? fallback) : paymasterBase(baseUrl),
    apiKey,
    fetch: ctx.fetch,
  })
  const service = tokenService as Partial<TokenBalanceService> | null | undefined
  const gasTokenBalances =
    typeof service?.fetchAddressTokenBalancesFromBackend === 'function'
      ? (tokens: readonly string[]) => serviceBalances(service as TokenBalanceService, ctx, tokens)
      : undefined
  // The deployment goes with the outside execution, as invisible-sdk's (no deployer).
  const route = new SessionAccount(
    { ...ctx, gasTokenBalances },
    { ...options, paymaster, deployer: undefined, gasTokenAddress: tokenAddress ?? options.gasTokenAddress },
  )
  return route.execute(calls, { ...executeDetails(universalDetails), gasless: true })
}

/** The balance of each of `tokens` as the token service answers them (a token it does not list: 0). */
async function serviceBalances(
  service: TokenBalanceService,
  ctx: AccountContext,
  tokens: readonly string[],
): Promise<bigint[]> {
  const listed = await service.fetchAddressTokenBalancesFromBackend(ctx.address, ctx.network)
  try {
    return tokens.map((token) =>
      BigInt(listed.find((entry) => toFelt(entry.address) === toFelt(token))?.balance ?? 0),
    )
  } catch (cause) {
    // Not a list, or an entry without a readable address or balance.
    throw new InvalidOptionsError('tokenService', 'must answer a list of { address, balance }', { cause })
  }
}
