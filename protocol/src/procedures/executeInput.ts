import * as z from 'zod/mini'
import { type Call, type ExecuteOptions, ExecuteOptionsSchema } from '../entities/connector'
import { isRecord } from '../schemas/util'
import { callsSchema, type RawCall } from './callsInput'
import '../schemas/genericMessages'

// `execute`'s arguments as every starknetkit sends them: 1.x sends `[calls, details]` (`{}` when the dapp
// gave none), its schema and starknet.js's legacy Account.execute `[calls, abis, details]`, our SDK
// `[calls]`. A list in the second place is the legacy ABIs, an object the details; over JSON an absent place
// arrives as null.

/** The arguments as sent: calls, then details or ABIs and details. */
export type ExecuteArguments =
  | readonly [RawCall | RawCall[]]
  | readonly [RawCall | RawCall[], ExecuteOptions | unknown[] | null | undefined]
  | readonly [RawCall | RawCall[], unknown[] | null | undefined, ExecuteOptions | null | undefined]

/** What the handler gets: the calls compiled, the legacy ABIs (unused) and the details. */
export type ExecuteInput = [Call[], unknown[] | undefined, ExecuteOptions | undefined]

const FORMS = 'execute takes [calls], [calls, details] or [calls, abis, details]'
const CALLS = callsSchema('dapp')
const absent = (value: unknown) => value === undefined || value === null

/**
 * `execute`'s input in each form starknetkit 1.x–3.x and starknet.js send, normalised to
 * `[calls, abis, details]` with the calls compiled; every issue is a sentence.
 *
 * @example
 * ExecuteInputSchema.parse([[call], {}]) // [[compiled call], undefined, {}]
 */
export const ExecuteInputSchema = z.pipe(
  z.custom<ExecuteArguments>(),
  z.transform((input: ExecuteArguments, ctx): ExecuteInput => {
    const value: unknown = input
    const push = (message: string, path: (string | number)[] = []) =>
      ctx.issues.push({ code: 'custom', message, input: value, path })
    if (!Array.isArray(value) || value.length < 1 || value.length > 3) {
      push(`${FORMS}, not ${Array.isArray(value) ? `${value.length} arguments` : 'a single value'}.`)
      return [[], undefined, undefined]
    }
    const [calls, second, third] = value as unknown[]
    const detailsLast = value.length === 2 && isRecord(second)
    const abis = detailsLast ? undefined : second
    const details = detailsLast ? second : third
    if (!absent(abis) && !Array.isArray(abis))
      push(`${FORMS}: the ABIs in place 1 must be a list, not ${typeof abis}.`, [1])
    if (!absent(details) && !isRecord(details))
      push(`${FORMS}: the details must be an object, not ${typeof details}.`, [detailsLast ? 1 : 2])
    const compiled = CALLS.safeParse(calls)
    for (const issue of compiled.error?.issues ?? [])
      push(issue.message, [0, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))])
    const options = absent(details) ? undefined : ExecuteOptionsSchema.safeParse(details)
    for (const issue of options?.error?.issues ?? [])
      push(`The transaction details' ${issue.path.join('.')}: ${issue.message}.`, [
        detailsLast ? 1 : 2,
        ...issue.path.map(String),
      ])
    return [
      compiled.success ? compiled.data : [],
      Array.isArray(abis) ? abis : undefined,
      options?.success ? options.data : undefined,
    ]
  }),
)
