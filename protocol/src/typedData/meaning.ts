// The one call every screen and check makes: typed data read canonically, what it is, and whether it is
// provably text only. The wallet page and the wallet server both decide from this, so they cannot disagree.
import { classifyTypedData, type TypedDataKind } from './classify'
import { readTypedData } from './readTypedData'
import { type TextOnlyProof, textOnlyProof } from './textOnly'
import type { CanonicalTypedData } from './tree'

/** Typed data as the wallet understands it. */
export interface TypedDataMeaning {
  canonical: CanonicalTypedData
  kind: TypedDataKind
  proof: TextOnlyProof
}

/**
 * Reads, classifies and judges typed data; throws ValidationError (wallet API 114) as readTypedData does.
 *
 * @example
 * typedDataMeaning(loginMessage).proof // { textOnly: true }
 * typedDataMeaning(paymasterTypedData).kind.kind // 'outsideExecution'
 */
export function typedDataMeaning(typedData: unknown): TypedDataMeaning {
  const canonical = readTypedData(typedData)
  return { canonical, kind: classifyTypedData(canonical), proof: textOnlyProof(canonical) }
}
