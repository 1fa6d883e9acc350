import type { WebWalletError } from './base'
import * as chain from './chain'
import * as connector from './connector'
import * as sdk from './sdk'
import * as services from './services'
import * as validation from './validation'

/** A coded error class as the registry sees it: its code and how to rebuild it from wire data. */
export interface ErrorClass {
  readonly code: string
  fromData(data: unknown, message: string): WebWalletError
  new (...args: never[]): WebWalletError
}

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === 'function' && typeof (value as { code?: unknown }).code === 'string'
}

/**
 * code → class, for every coded error of the table. Built from the error modules so a new class is
 * registered by being exported.
 *
 * @example
 * ERROR_CLASSES.get('POPUP_BLOCKED')?.fromData(undefined, '').message // 'Could not open popup'
 */
export const ERROR_CLASSES: ReadonlyMap<string, ErrorClass> = new Map(
  [chain, connector, sdk, services, validation]
    .flatMap((module) => Object.values(module))
    .filter(isErrorClass)
    .map((cls) => [cls.code, cls]),
)

type CodeOf<M> = {
  [K in keyof M]: M[K] extends { readonly code: infer C extends string } ? C : never
}[keyof M]
/** Every error code of the table, as a union of string literals. */
export type ErrorCode =
  | CodeOf<typeof chain>
  | CodeOf<typeof connector>
  | CodeOf<typeof sdk>
  | CodeOf<typeof services>
  | CodeOf<typeof validation>
