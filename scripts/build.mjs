// Builds what the tests serve (the wallet UI, the demo): every workspace's `build` script, when it has one.
import { spawnSync } from 'node:child_process'

const result = spawnSync('npm', ['run', 'build', '--workspaces', '--if-present'], { stdio: 'inherit' })
process.exit(result.status ?? 1)
