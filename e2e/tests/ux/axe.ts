// axe-core in a page or frame: injected with addScriptTag (the context bypasses CSP for it), run there,
// and only the serious and critical violations kept, each with the elements it found.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Frame, Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface Violation {
  id: string
  impact: string
  help: string
  targets: string[]
}

/**
 * The serious and critical violations of WCAG 2.1 A/AA (and axe's best practices) in `target`.
 * @example
 * expect(await axeViolations(page)).toEqual([])
 */
export async function axeViolations(target: Page | Frame): Promise<Violation[]> {
  const loaded = await target.evaluate(() => 'axe' in globalThis)
  if (!loaded) await target.addScriptTag({ content: AXE_SOURCE })
  return target.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]
    }
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<AxeResult> } }).axe
    // Frames are checked on their own (the wallet is another origin): here only this document.
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }))
  })
}
