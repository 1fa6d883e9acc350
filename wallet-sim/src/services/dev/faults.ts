import * as z from 'zod/mini'

/**
 * A fault to inject, as `POST /dev/faults` takes it. `route` is a path prefix on whole segments
 * (`/paymaster/v1/execute`); a segment written `*` matches any one segment (`/v1/tokens/info/*`).
 */
export const FaultSpec = z
  .object({
    route: z.string().check(z.regex(/^\/[^\s?#]*$/, 'route must be a path starting with /')),
    method: z.optional(
      z.pipe(
        z.string().check(z.regex(/^[A-Za-z]+$/, 'method must be an HTTP method')),
        z.transform((m) => m.toUpperCase()),
      ),
    ),
    count: z.int().check(z.minimum(1), z.maximum(10000)),
    status: z.optional(z.int().check(z.minimum(200), z.maximum(599))),
    body: z.optional(z.unknown()),
    delayMs: z.optional(z.int().check(z.minimum(0), z.maximum(120000))),
    malformedJson: z.optional(z.literal(true)),
    dropSignatureHeader: z.optional(z.literal(true)),
  })
  .check(
    z.refine(
      (spec) =>
        spec.status !== undefined ||
        spec.body !== undefined ||
        spec.delayMs !== undefined ||
        spec.malformedJson === true ||
        spec.dropSignatureHeader === true,
      {
        message: 'A fault needs an effect: status, body, delayMs, malformedJson or dropSignatureHeader',
      },
    ),
    z.refine((spec) => !(spec.malformedJson === true && spec.body !== undefined), {
      message: 'malformedJson and body exclude each other',
    }),
    z.refine(
      (spec) =>
        !(
          spec.dropSignatureHeader === true &&
          (spec.status !== undefined || spec.body !== undefined || spec.malformedJson === true)
        ),
      {
        message:
          'dropSignatureHeader applies to the real answer; it cannot be combined with status, body or malformedJson',
      },
    ),
  )
export type FaultSpec = z.infer<typeof FaultSpec>

/** A registered fault and how many more matching requests it will hit. */
export interface Fault extends Omit<FaultSpec, 'count'> {
  id: number
  remaining: number
}

/** The faults waiting to be injected, consumed one per matching request, oldest first. */
export interface FaultRegistry {
  add(spec: FaultSpec): Fault
  list(): Fault[]
  clear(): void
  /** Find the oldest live fault matching the request, use one of its hits and return it. */
  take(method: string, path: string): Fault | undefined
}

/**
 * An in-memory fault registry.
 *
 * @example
 * const faults = createFaultRegistry()
 * faults.add({ route: '/paymaster/v1/execute', count: 2, status: 503 })
 * faults.take('POST', '/paymaster/v1/execute')?.status // 503, then once more, then undefined
 */
export function createFaultRegistry(): FaultRegistry {
  let nextId = 1
  let faults: Array<{ fault: Fault; matches: (path: string) => boolean }> = []
  return {
    add(spec) {
      const { count, ...rest } = spec
      const fault: Fault = { ...rest, id: nextId++, remaining: count }
      faults.push({ fault, matches: routeMatcher(spec.route) })
      return { ...fault }
    },
    list: () => faults.map(({ fault }) => ({ ...fault })),
    clear() {
      faults = []
    },
    take(method, path) {
      const upper = method.toUpperCase()
      const hit = faults.find(
        ({ fault, matches }) => (fault.method === undefined || fault.method === upper) && matches(path),
      )
      if (hit === undefined) return undefined
      hit.fault.remaining -= 1
      if (hit.fault.remaining === 0) faults = faults.filter((entry) => entry !== hit)
      return { ...hit.fault }
    },
  }
}

/**
 * Prefix match on whole segments; a `*` segment matches exactly one segment.
 *
 * @example
 * routeMatcher('/paymaster/v1')('/paymaster/v1/execute') // true
 * routeMatcher('/paymaster/v1')('/paymaster/v10') // false
 */
export function routeMatcher(route: string): (path: string) => boolean {
  const want = segments(route)
  return (path) => {
    const have = segments(path)
    if (have.length < want.length) return false
    return want.every((segment, index) => segment === '*' || segment === have[index])
  }
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}
