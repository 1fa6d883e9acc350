// Builds what the tests serve (the wallet UI, the demo): every workspace's `build` script, when it has one,
// except the docs site's (`site/`): npm test builds it in the lane beside, and `npm run build -w site` alone.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const built = workspaces.filter((workspace) => workspace !== 'site').flatMap((w) => ['--workspace', w])
const result = spawnSync('npm', ['run', 'build', ...built, '--if-present'], { stdio: 'inherit' })
process.exit(result.status ?? 1)
