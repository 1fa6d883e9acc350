// This instance's own secrets: the guardian key of its accounts and its paymaster relayer's key.
import type { PersistedState, WalletState } from '../infra/state/walletState'
import { checkStarkKey, randomStarkKey } from './keys'

/**
 * The guardian and relayer keys: the options' (`--guardian-private-key`, `--relayer-private-key`), else the
 * state file's, else fresh random ones. Kept in the state file, so that a restart with it keeps its accounts
 * (whose addresses depend on the guardian) and its relayer. A state written before wallet-sim had keys of its
 * own gets fresh ones (docs/wallet-sim-cli.md, "CLI", under the `--state` files).
 * @example const { guardian, relayer } = instanceKeys(options, openWalletState(options.stateFile))
 */
export function instanceKeys(
  options: { guardianPrivateKey?: string; relayerPrivateKey?: string },
  saved: WalletState & PersistedState,
): { guardian: string; relayer: string } {
  const stored = (value: unknown) =>
    typeof value === 'string' ? checkStarkKey(value, 'the saved key') : undefined
  const keys = {
    guardian:
      (options.guardianPrivateKey && checkStarkKey(options.guardianPrivateKey, 'guardianPrivateKey')) ??
      stored(saved.keys?.guardian) ??
      randomStarkKey(),
    relayer:
      (options.relayerPrivateKey && checkStarkKey(options.relayerPrivateKey, 'relayerPrivateKey')) ??
      stored(saved.keys?.relayer) ??
      randomStarkKey(),
  }
  if (saved.keys?.guardian !== keys.guardian || saved.keys?.relayer !== keys.relayer) saved.append({ keys })
  return keys
}
