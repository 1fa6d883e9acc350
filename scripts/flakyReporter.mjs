// A Vitest reporter (beside the default one) that names every test which passed only on a retry. The
// browser journeys retry once under CI (e2e/vitest.config.ts): a load spike on a 2-core runner must not
// fail a run, but a flaky test must not pass unseen either. It is listed at the end of the run, to be fixed,
// with the error of each failed attempt (Vitest keeps them on the passed result).
import { stripVTControlCharacters } from 'node:util'

export default class FlakyReporter {
  onTestRunEnd(testModules) {
    const flaky = []
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic()
        if (!diagnostic?.flaky) continue
        const errors = (test.result().errors ?? []).map((e) => stripVTControlCharacters(String(e.message)))
        flaky.push(
          `${module.moduleId}: ${test.fullName} (passed on retry ${diagnostic.retryCount})` +
            errors.map((text) => `\n      failed first: ${text.slice(0, 1500)}`).join(''),
        )
      }
    }
    if (flaky.length === 0) return
    console.log(`\n⚠ ${flaky.length} flaky test(s), passed only on a retry; fix them:`)
    for (const line of flaky) console.log(`  - ${line}`)
  }
}
