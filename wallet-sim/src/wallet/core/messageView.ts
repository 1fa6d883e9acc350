// What /signMessage shows, built from the canonical form only (protocol/typedData), so two spellings of the
// same signed felts give the same screen: an outside execution's calls, or a message's statement and its
// fields as signed (felts in hex, text as text). Typed data the reader refuses is shown as refused.
import { toHex } from '@webwallet/protocol/constants'
import type { OutsideExecutionView } from '@webwallet/protocol/procedures'
import { type CanonicalNode, type CanonicalStruct, feltText, fieldOf } from '@webwallet/protocol/typedData'
import { type MessageMeaning, readMeaning, statementOf } from './messageMeaning'

/** One signed value, labelled by its path in the message. */
export interface SignedField {
  label: string
  value: string
}

export type SignMessageView =
  | { kind: 'outsideExecution'; outsideExecution: OutsideExecutionView }
  | {
      kind: 'message'
      meaning: MessageMeaning
      /** The domain's name as signed (its text when it is a short string). */
      signedFor: string
      /** The domain's chain id as signed, hex or its short-string text ('SN_SEPOLIA'). */
      chainId?: string
      primaryType: string
      fields: SignedField[]
    }
  | { kind: 'refused'; reason: string }

/** A felt as a person reads it: its text when it is a short string, else hex. */
const feltWords = (felt: bigint) => feltText(felt) ?? toHex(felt)

function rows(node: CanonicalNode, label: string): SignedField[] {
  switch (node.kind) {
    case 'struct':
      return node.fields.flatMap((field) => rows(field.node, label ? `${label}.${field.name}` : field.name))
    case 'array':
      return node.items.length === 0
        ? [{ label, value: 'none' }]
        : node.items.flatMap((item, index) => rows(item, `${label}.${index}`))
    case 'merkletree':
      return node.leaves.flatMap((leaf, index) => rows(leaf, `${label}.${index}`))
    case 'enum':
      return [
        { label, value: node.variant },
        ...node.values.flatMap((value, index) => rows(value, `${label}.${node.variant}.${index}`)),
      ]
    case 'string':
      return [{ label, value: node.text }]
    case 'bool':
      return [{ label, value: node.value ? 'yes' : 'no' }]
    case 'felt':
      // A short string reads as its text; any other felt (an address, an amount) as the number signed.
      return [{ label, value: node.type === 'shortstring' ? feltWords(node.felt) : toHex(node.felt) }]
    case 'selector':
      return [{ label, value: toHex(node.felt) }]
  }
}

const domainFelt = (domain: CanonicalStruct, name: string) => fieldOf(domain, name)?.node.felt

/**
 * The /signMessage screen's content for typed data.
 *
 * @example
 * signMessageView(loginTypedData, 'https://app.example').kind // 'message'
 */
export function signMessageView(typedData: unknown, origin: string): SignMessageView {
  const meaning = readMeaning(typedData)
  if (typeof meaning === 'string') return { kind: 'refused', reason: meaning }
  if (meaning.kind.kind === 'outsideExecution')
    return { kind: 'outsideExecution', outsideExecution: meaning.kind.outsideExecution }
  const { domain, message, primaryType } = meaning.canonical
  const name = domainFelt(domain, 'name')
  const chainId = domainFelt(domain, 'chainId')
  return {
    kind: 'message',
    meaning: statementOf(meaning, origin),
    signedFor: name === undefined ? 'no name' : feltWords(name),
    ...(chainId === undefined ? {} : { chainId: feltWords(chainId) }),
    primaryType,
    fields: rows(message, ''),
  }
}
