// The digest of a Cairo project's sources (cairo_project.toml and every .cairo file, by relative path), so a
// test can tell when the committed artifacts no longer match them (`npm run compile:contracts` regenerates).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** @param {string} project @returns {string} "sha256:<hex>" */
export function contractDigest(project) {
  const files = []
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.cairo') || entry.name === 'cairo_project.toml') files.push(path)
    }
  }
  walk(project)
  const digest = createHash('sha256')
  for (const file of files.map((f) => relative(project, f).split('\\').join('/')).sort()) {
    // Line endings do not change the program: a checkout with CRLF must not look stale.
    digest.update(`${file}\n${readFileSync(join(project, file), 'utf8').replaceAll('\r\n', '\n')}\n`)
  }
  return `sha256:${digest.digest('hex')}`
}
