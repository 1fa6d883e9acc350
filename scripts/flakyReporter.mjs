// A Vitest reporter (beside the default one) that names every test which passed only on a retry. The
// browser journeys retry once under CI (e2e/vitest.config.ts): a load spike on a 2-core runner must not
// fail a run, but a flaky test must not pass unseen either. It is listed at the end of the run, to be fixed.
export default class FlakyReporter {
  onTestRunEnd(testModules) {
    const flaky = []
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic()
        if (diagnostic?.flaky)
          flaky.push(`${module.moduleId}: ${test.fullName} (passed on retry ${diagnostic.retryCount})`)
      }
    }
    if (flaky.length === 0) return
    console.log(`\n⚠ ${flaky.length} flaky test(s), passed only on a retry; fix them:`)
    for (const line of flaky) console.log(`  - ${line}`)
  }
}
