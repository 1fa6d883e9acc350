// The demo's choices, kept in localStorage so a reload keeps them (and tests can preset them).
import { COUNTER_ADDRESS } from './config'
import type { GasChoice, SessionKeyChoice, TransportChoice } from './wallet'

export interface Settings {
  readonly transport: TransportChoice
  readonly gas: GasChoice
  /** Ask for a STRK approval with the session. */
  readonly approval: boolean
  readonly approvalSpender: string
  /** The session key: the default Stark key, or a non-extractable WebCrypto P-256 key (set in storage only). */
  readonly sessionKey: SessionKeyChoice
}

const KEY = 'demo-settings'
const DEFAULTS: Settings = {
  transport: 'auto',
  gas: 'self',
  approval: false,
  approvalSpender: COUNTER_ADDRESS,
  sessionKey: 'stark',
}
const TRANSPORTS: readonly string[] = ['auto', 'iframe', 'popup']
const GAS: readonly string[] = ['self', 'sponsored', 'strk']

export function loadSettings(): Settings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof Settings, unknown>>
    return {
      transport: TRANSPORTS.includes(raw.transport as string)
        ? (raw.transport as TransportChoice)
        : DEFAULTS.transport,
      gas: GAS.includes(raw.gas as string) ? (raw.gas as GasChoice) : DEFAULTS.gas,
      approval: raw.approval === true,
      approvalSpender:
        typeof raw.approvalSpender === 'string' ? raw.approvalSpender : DEFAULTS.approvalSpender,
      sessionKey: raw.sessionKey === 'p256' ? 'p256' : 'stark',
    }
  } catch {
    return DEFAULTS
  }
}

export function saveSettings(settings: Settings): void {
  localStorage.setItem(KEY, JSON.stringify(settings))
}
