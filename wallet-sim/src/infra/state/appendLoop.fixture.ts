// Child process of store.test.ts: appends as fast as it can and prints each acknowledged sequence number,
// compacting every 50 entries, until the test kills it with SIGKILL.
import { writeSync } from 'node:fs'
import { openStateStore } from './store'

const file = process.argv[2]
if (file === undefined) throw new Error('usage: appendLoop.fixture.ts <state file>')
const store = openStateStore(file)
for (let n = 1; ; n++) {
  store.append({ n, padding: 'x'.repeat(n % 97) })
  // Written synchronously to the pipe only after append returned: the line is the acknowledgement.
  writeSync(1, `${n}\n`)
  if (n % 50 === 0) store.snapshot({ last: n })
}
