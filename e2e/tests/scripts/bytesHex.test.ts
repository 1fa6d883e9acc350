// Bytes and their hex digits have one home, protocol/src/bytes.ts (bytesToHex, hexToBytes): no other source file
// of the SDK, protocol or the wallet simulator writes a byte as two hex digits or splits hex into bytes by hand.
// Node's Buffer (`toString('hex')`) is the platform's own, not a copy. Tests may write their own (they check the
// home against noble and starknet.js). A cheap scan of the files git tracks, plus new ones not ignored.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { namesMatching, ROOT, trackedFiles } from './sourceScan'

const HOME = 'protocol/src/bytes.ts'
/** The packages' source: what an app or the wallet runs. */
const SCANNED = ['shim/src/', 'protocol/src/', 'wallet-sim/src/', 'wallet-sim/ui/src/']

/** Each helper as a hand-written copy spells it. */
const COPIES: Record<string, RegExp> = {
  // A byte as two digits: padded with padStart, or '0' prepended and the last two kept.
  'bytes to hex': new RegExp(
    [
      String.raw`\.toString\(\s*16\s*\)\s*\.padStart\(\s*2\s*,`,
      String.raw`['"\x60]0['"\x60]\s*\+\s*[\w.]+\.toString\(\s*16\s*\)\s*\)\s*\.slice\(\s*-2\s*\)`,
    ].join('|'),
  ),
  // Hex cut into pairs of digits (a regex of two characters, or a slice of two read as base 16).
  'hex to bytes': new RegExp(
    [
      String.raw`\.match\(\s*\/(?:\.\.|\.\{2\}|\[[^\]]*\]\{2\}|\(\?:?\.\.\))\/g\s*\)`,
      String.raw`parseInt\(\s*[\w.]+\.(?:slice|substr|substring)\(\s*\w+\s*,\s*\w+\s*\+\s*2\s*\)\s*,\s*16\s*\)`,
    ].join('|'),
  ),
}

const SOURCE = /\.(ts|tsx|mts|cts|mjs|js|cjs)$/
const TEST = /\.test(-d)?\.tsx?$|\/testing\/|\/testing\.ts$/

const files = trackedFiles((f) => SOURCE.test(f) && !TEST.test(f), SCANNED)

/** The helpers a text writes by hand. */
const copiesIn = (text: string) => namesMatching(COPIES, text)

describe('bytes and their hex are written once, in protocol/src/bytes.ts', () => {
  test('the home writes both (so the patterns match what they look for)', () => {
    expect(copiesIn(readFileSync(join(ROOT, HOME), 'utf8'))).toEqual(Object.keys(COPIES))
  })

  test('the patterns find other spellings of the helpers', () => {
    expect(copiesIn("for (const b of bytes) id += b.toString(16).padStart(2, '0')")).toEqual(['bytes to hex'])
    expect(copiesIn('buf.reduce((r, x) => r + x.toString(16).padStart(2, "0"), "")')).toEqual([
      'bytes to hex',
    ])
    expect(copiesIn("[...bytes].map((b) => ('0' + b.toString(16)).slice(-2)).join('')")).toEqual([
      'bytes to hex',
    ])
    expect(copiesIn('Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))')).toEqual([
      'hex to bytes',
    ])
    expect(copiesIn('hex.match(/.{2}/g)!.map((b) => Number.parseInt(b, 16))')).toEqual(['hex to bytes'])
    expect(copiesIn('hex.match(/[0-9a-f]{2}/g)')).toEqual(['hex to bytes'])
    expect(copiesIn('out.push(Number.parseInt(hex.slice(i, i + 2), 16))')).toEqual(['hex to bytes'])
    expect(copiesIn('out[i / 2] = parseInt(hex.substr(i, i + 2), 16)')).toEqual(['hex to bytes'])
    // Wider padding is a felt or a key, not a byte; Node's Buffer is the platform's helper; one hex digit is no byte.
    expect(copiesIn("'0x' + felt.toString(16).padStart(64, '0')")).toEqual([])
    expect(copiesIn("Buffer.from(bytes).toString('hex')")).toEqual([])
    expect(copiesIn('Number.parseInt(nibbles[i], 16) >= 8')).toEqual([])
    expect(copiesIn('text.match(/.../g)')).toEqual([])
  })

  test('no other source file of the packages writes one', () => {
    expect(files).toContain(HOME)
    const found: Record<string, string[]> = {}
    for (const file of files) {
      if (file === HOME) continue
      const copies = copiesIn(readFileSync(join(ROOT, file), 'utf8'))
      if (copies.length > 0) found[file] = copies
    }
    expect(found).toEqual({})
  })
})
