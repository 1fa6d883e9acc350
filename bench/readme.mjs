// `npm run bench -- --write-readme`: puts a run into CONTRIBUTING.md's Benchmarks section, replacing the previous
// run's heading ("Run of …:") and its table; the text around them stays as it is.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Words of `text` on lines of at most `width` characters. */
const wrap = (text, width = 110) =>
  text
    .split(' ')
    .reduce((lines, word) => {
      const last = lines[lines.length - 1]
      if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`
      else lines.push(word)
      return lines
    }, [])
    .join('\n')

/**
 * The heading of a run: when, where its JSON copy is, the machine, and how busy it was (the 1-minute load
 * average sampled during the run; above half the core count, other work shared the cores).
 * @param {{ date: string, file: string, machine: { cores: number, cpu: string, memoryGb: number, node: string }, load: { min: number, max: number } }} run
 */
export function runHeading({ date, file, machine, load }) {
  const busy = load.max > machine.cores / 2
  const range = `${load.min.toFixed(1)}-${load.max.toFixed(1)}`
  const where = busy
    ? `on a shared machine (other work running: load average ${range} on its ${machine.cores} cores during the run, so the simulator rows are lower and noisier than on an idle machine)`
    : `on an idle machine (load average ${range} on its ${machine.cores} cores during the run)`
  return wrap(
    `Run of ${date.slice(0, 10)} (\`${file}\`), ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, Node ${machine.node}, headless Chromium, ${where}:`,
  )
}

/**
 * The run CONTRIBUTING.md's table quotes, read back from its JSON copy (named in the table's heading): what an
 * `--only` run keeps the other rows from.
 * @param {string} readme
 * @param {string} [root] the repository's root (the JSON copy's path is relative to it)
 * @returns {{ date: string, file: string, machine: object, load: { min: number, max: number }, results: object }}
 * @example const { results } = quotedRun(readFileSync('CONTRIBUTING.md', 'utf8'))
 */
export function quotedRun(readme, root = '.') {
  const section = readme.slice(readme.indexOf('## Benchmarks'))
  const file = /^Run of [^(]*\(`(bench\/results\/[^`]+\.json)`\)/m.exec(section)?.[1]
  if (file === undefined) throw new Error('CONTRIBUTING.md: no "Run of … (`bench/results/….json`)" heading')
  return { ...JSON.parse(readFileSync(join(root, file), 'utf8')), file }
}

/**
 * The line that says which rows a later `--only` run replaced: its parts, when and how busy the machine was.
 * @param {string[]} parts
 * @param {{ date: string, file: string, machine: { cores: number }, load: { min: number, max: number } }} run
 * @example partsHeading(['userTests'], { date, file, machine, load })
 */
export function partsHeading(parts, { date, file, machine, load }) {
  const range = `${load.min.toFixed(1)}-${load.max.toFixed(1)}`
  return wrap(
    `The rows of ${parts.join(', ')} are from a later run of that part alone: ${date.slice(0, 10)} (\`${file}\`), load average ${range} on its ${machine.cores} cores during it.`,
  )
}

/**
 * The document (CONTRIBUTING.md) with its benchmark run replaced: from the "Run of " line under "## Benchmarks" to the last line
 * of the table after it. Throws when the README has no such run (nothing is written then).
 * @param {string} readme
 * @param {string} heading runHeading(...)
 * @param {string} table markdownTable(rows)
 * @example writeFileSync('CONTRIBUTING.md', withBenchRun(readFileSync('CONTRIBUTING.md', 'utf8'), heading, table))
 */
export function withBenchRun(readme, heading, table) {
  const lines = readme.split('\n')
  const section = lines.indexOf('## Benchmarks')
  const start = lines.findIndex((line, i) => i > section && line.startsWith('Run of '))
  const tableStart = lines.findIndex((line, i) => i > start && line.startsWith('|'))
  if (section < 0 || start < 0 || tableStart < 0)
    throw new Error('CONTRIBUTING.md: no "Run of" table under ## Benchmarks')
  let end = tableStart
  while (lines[end]?.startsWith('|')) end++
  return [...lines.slice(0, start), heading, '', table, ...lines.slice(end)].join('\n')
}
