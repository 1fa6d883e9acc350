// The committed artifacts of examples/contracts are fixtures compiled from our own Cairo sources (CI does not
// build the compiler): they must still match those sources, and the class hashes they record must be the
// ones their JSON hashes to. A change to a .cairo file without `npm run compile:contracts` fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contractDigest } from '../../../scripts/contractDigest.mjs'
import { hash } from '../../support/starknet10.ts'

const CONTRACTS = join(import.meta.dirname, '..', '..', '..', 'examples', 'contracts')
const ARTIFACTS = join(CONTRACTS, 'artifacts')
const projects = readdirSync(CONTRACTS).filter((name) =>
  existsSync(join(CONTRACTS, name, 'cairo_project.toml')),
)
const read = (file: string) => JSON.parse(readFileSync(join(ARTIFACTS, file), 'utf8'))

describe('examples/contracts artifacts', () => {
  it('has at least the counter', () => {
    expect(projects).toContain('counter')
  })

  describe.each(projects)('%s', (name) => {
    const meta = read(`${name}.meta.json`) as {
      sources: string
      classHash: string
      compiledClassHash: string
    }
    it('was compiled from the sources as they are now', () => {
      expect(meta.sources, `run npm run compile:contracts: ${name}'s sources changed`).toBe(
        contractDigest(join(CONTRACTS, name)),
      )
    })
    it('records the class hash of its Sierra and the compiled class hash of its CASM', () => {
      expect(hash.computeContractClassHash(read(`${name}.contract_class.json`))).toBe(meta.classHash)
      expect(hash.computeCompiledClassHash(read(`${name}.compiled_contract_class.json`))).toBe(
        meta.compiledClassHash,
      )
    })
  })
})
