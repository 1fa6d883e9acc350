import { useRef } from 'react'
import type { WebWalletOptions } from '../../sdk/options'
import { WebWallet } from '../../sdk/WebWallet'

/**
 * One WebWallet for the component's lifetime, built from the first render's options (later option
 * changes are ignored, as the stored session belongs to that configuration).
 *
 * @example
 * const wallet = useWebWallet({ appName: 'my-game', environment: 'dev', sessionParams })
 */
export function useWebWallet(options: WebWalletOptions): WebWallet {
  const ref = useRef<WebWallet | undefined>(undefined)
  ref.current ??= WebWallet.init(options)
  return ref.current
}
