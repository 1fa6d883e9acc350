// starknet.js's Cairo Option, Result and custom enum as `CallData.compile` reads them: by their methods
// (`isSome`/`isNone`, `isOk`/`isErr`, `activeVariant`), found on the value or its class, as starknet.js
// looks for them. Such a value that lost its methods (sent through postMessage or JSON) is refused: its
// fields alone do not say which variant is meant.

/** A Cairo variant as compiled: its index, then its value unless it has none. */
export type CairoVariant = { variant: number; value?: unknown } | { refused: string }

type Methods = Record<string, unknown>

const PAIRS = [
  ['isSome', 'isNone', 'a Cairo Option'],
  ['isOk', 'isErr', 'a Cairo Result'],
  ['variant', 'activeVariant', 'a Cairo enum'],
] as const

/**
 * The variant of a starknet.js `CairoOption`, `CairoResult` or `CairoCustomEnum`; `undefined` for any other
 * object.
 *
 * @example
 * readCairoValue(new CairoOption(CairoOptionVariant.Some, 5)) // { variant: 0, value: 5 }
 */
export function readCairoValue(value: object): CairoVariant | undefined {
  const names = new Set([
    ...Object.getOwnPropertyNames(value),
    ...Object.getOwnPropertyNames(Object.getPrototypeOf(value) ?? {}),
  ])
  const kind = PAIRS.find(([a, b]) => names.has(a) && names.has(b))
  if (!kind) return undefined
  const v = value as Methods
  const call = (name: string): unknown => (v[name] as () => unknown).call(value)
  const needs = kind[2] === 'a Cairo enum' ? ['activeVariant', 'unwrap'] : [kind[0], 'unwrap']
  if (needs.some((name) => typeof v[name] !== 'function'))
    return { refused: `${kind[2]} without its methods (compile it with CallData and the ABI first)` }
  if (kind[2] === 'a Cairo Option')
    return call('isSome') ? { variant: 0, value: call('unwrap') } : { variant: 1 }
  if (kind[2] === 'a Cairo Result') return { variant: call('isOk') ? 0 : 1, value: call('unwrap') }
  const variants = v.variant
  if (typeof variants !== 'object' || variants === null) return { refused: 'a Cairo enum without variants' }
  const variant = Object.keys(variants).indexOf(String(call('activeVariant')))
  if (variant < 0) return { refused: 'a Cairo enum whose active variant is not one of its variants' }
  const inner = call('unwrap')
  if (inner === null) return { refused: 'a Cairo enum whose value is null' }
  // A unit variant (an empty object or list) is its index alone, as starknet.js compiles it.
  if (typeof inner === 'object' && Object.keys(inner).length === 0) return { variant }
  return { variant, value: inner }
}
