// The published package carries its own MIT LICENSE and the licenses of the code it bundles: `npm pack` (a dry run: the list of files,
// no tarball) holds THIRD_PARTY_LICENSES.md beside the CLI bundle and beside the wallet UI, each naming the
// packages really bundled with their license texts. Reads the build `node scripts/build.mjs` made (the build
// step of `npm test`).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const PACKAGE = join(import.meta.dirname, '..')
const CLI_LICENSES = 'dist/bin/THIRD_PARTY_LICENSES.md'
const UI_LICENSES = 'ui/dist/THIRD_PARTY_LICENSES.md'

function read(path: string): string {
  if (!existsSync(join(PACKAGE, path)))
    throw new Error(`${path} is missing: run \`node scripts/build.mjs\` first.`)
  return readFileSync(join(PACKAGE, path), 'utf8')
}

/** Each `## name@version` section of a licenses file, by its heading (a `## ` inside a license text is text). */
function sections(text: string): Map<string, string> {
  const found = new Map<string, string>()
  let fence: string | undefined
  let heading: string | undefined
  for (const line of text.split('\n')) {
    const marker = /^(`{3,})/.exec(line)?.[1]
    if (marker && (fence === undefined || marker === fence)) fence = fence === undefined ? marker : undefined
    else if (fence === undefined && line.startsWith('## ')) {
      heading = line.slice(3)
      found.set(heading, '')
      continue
    }
    if (heading !== undefined) found.set(heading, `${found.get(heading)}${line}\n`)
  }
  return found
}

/** The packages the index at the top lists. */
function indexed(text: string): string[] {
  return [...text.matchAll(/^- (\S+@[^:\s]+): /gm)].map((match) => match[1] ?? '')
}

function expectComplete(text: string): void {
  const listed = indexed(text)
  expect(listed.length).toBeGreaterThan(0)
  expect([...sections(text).keys()]).toEqual(listed)
  for (const [heading, body] of sections(text)) {
    expect(body, heading).toMatch(/^License: (MIT|ISC|BSD-3-Clause)$/m)
    expect(body, heading).toMatch(
      /\n### (LICEN[CS]E|COPYING|NOTICE)[^\n]*\n\n```+text\n|The package ships no license file\./i,
    )
  }
}

describe('the published licenses', () => {
  it("npm pack ships both files and the package's own MIT LICENSE", () => {
    const out = execFileSync(
      'npm',
      ['pack', '--dry-run', '--json', '--ignore-scripts', '-w', '@webwallet/wallet-sim'],
      { cwd: join(PACKAGE, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
    const [packed] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ files: Array<{ path: string }> }>
    const paths = packed?.files.map((file) => file.path) ?? []
    expect(paths).toContain(CLI_LICENSES)
    expect(paths).toContain(UI_LICENSES)
    expect(paths).toContain('LICENSE')
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the webwallet authors\n/)
  }, 60_000)

  it("the CLI bundle's names express, starknet.js, noble, ws, zod, tRPC and esbuild, with their license texts", () => {
    const text = read(CLI_LICENSES)
    expectComplete(text)
    const names = indexed(text).map((entry) => entry.slice(0, entry.lastIndexOf('@')))
    for (const name of [
      'express',
      'starknet',
      '@noble/curves',
      '@noble/hashes',
      'ws',
      'zod',
      '@trpc/server',
      'esbuild',
    ])
      expect(names, name).toContain(name)
    const express = [...sections(text)].find(([heading]) => heading.startsWith('express@'))?.[1]
    expect(express).toMatch(/Copyright \(c\) .*TJ Holowaychuk/)
    expect(express).toContain('Permission is hereby granted, free of charge')
    // qs: the one BSD-3-Clause package, its clause text shipped.
    const qs = [...sections(text)].find(([heading]) => heading.startsWith('qs@'))?.[1]
    expect(qs).toContain('Neither the name of the copyright holder nor the names of its')
    // Not bundled: the dev tools and Playwright (a peer dependency).
    for (const name of ['vite', 'react', 'playwright-core', 'typescript'])
      expect(names, name).not.toContain(name)
  })

  it("the wallet UI's names React, its scheduler and the bundler's runtime code, with their license texts", () => {
    const text = read(UI_LICENSES)
    expectComplete(text)
    const names = indexed(text).map((entry) => entry.slice(0, entry.lastIndexOf('@')))
    for (const name of ['react', 'react-dom', 'scheduler', 'zod', 'vite']) expect(names, name).toContain(name)
    const react = [...sections(text)].find(([heading]) => heading.startsWith('react@'))?.[1]
    expect(react).toContain('Copyright (c) Meta Platforms, Inc. and affiliates.')
    // The page hashes typed data itself (issue 34's canonical reader) with the curve library starknet.js
    // wraps (ui/src/starknetHashes.ts), not starknet.js's barrel.
    for (const name of ['@scure/starknet', '@noble/curves']) expect(names, name).toContain(name)
    expect(names, 'starknet').not.toContain('starknet')
    for (const name of ['express', 'ws']) expect(names, name).not.toContain(name)
  })
})
