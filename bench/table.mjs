// Formats the benchmark rows as one Markdown table: the console shows it, and the README quotes it as is.

/** @typedef {{ area: string, what: string, ours: string, anchor: string, target: string }} Row */

const HEADERS = ['Area', 'Measure', 'Ours', 'Anchor (same work)', 'Target']

/**
 * Renders rows as a Markdown table with padded columns.
 * @param {Row[]} rows
 * @example
 * console.log(markdownTable([{ area: 'Bundle', what: 'shim', ours: '24 KB', anchor: '31 KB', target: '≤ 25 KB' }]))
 */
export function markdownTable(rows) {
  const cells = [HEADERS, ...rows.map((r) => [r.area, r.what, r.ours, r.anchor, r.target])]
  const widths = HEADERS.map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`
  return [
    line(HEADERS),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n')
}

/** Target met or not, as a suffix for the Target column. */
export const verdict = (met) => (met ? ' ✓' : ' ✗ missed')

/** A number with a fixed number of decimals, or '-' when it is absent. */
export const fixed = (value, digits = 1) => (typeof value === 'number' ? value.toFixed(digits) : '-')
