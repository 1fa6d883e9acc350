// The consumer apps: a fixture folder (apps/<name>) copied into the suite's temporary folder outside the
// workspaces, given a package.json that installs our packed tarballs and pinned public packages, then
// `npm install`ed as a user would. npm's own cache (shared by every app and run) keeps reinstalls offline.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { progress, run } from './run'

/** Public packages the apps install, pinned: the suite proves our packages, not a moving ecosystem. */
export const PINNED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  starknet: '10.8.0',
  ws: '8.21.0',
  vite: '8.3.8',
  '@vitejs/plugin-react': '6.3.0',
  next: '16.4.6',
  typescript: '5.9.3',
  '@types/node': '22.20.5',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  '@types/ws': '8.18.2',
} as const

type Pinned = keyof typeof PINNED

/** The three packed tarballs, by package name (from the suite's global setup). */
export type Tarballs = Readonly<
  Record<'@webwallet/protocol' | '@webwallet/shim' | '@webwallet/wallet-sim', string>
>

export interface AppSpec {
  /** Fixture folder under apps/ (its files are copied as they are). */
  readonly fixture: string
  /** Also copy apps/shared/Wallet.tsx to this path of the app. */
  readonly walletComponent?: string
  readonly dependencies: readonly Pinned[]
  readonly devDependencies?: readonly Pinned[]
  /** Another version than {@link PINNED}'s for some of them (e.g. an app on starknet.js 6). */
  readonly versions?: Partial<Record<Pinned, string>>
}

const APPS = join(import.meta.dirname, '..', 'apps')

/** Creates and installs one app in `root`; returns its folder. */
export async function createApp(
  root: string,
  tarballs: Tarballs,
  spec: AppSpec,
  folder = spec.fixture,
): Promise<string> {
  const dir = join(root, folder)
  cpSync(join(APPS, spec.fixture), dir, { recursive: true })
  if (spec.walletComponent) cpSync(join(APPS, 'shared', 'Wallet.tsx'), join(dir, spec.walletComponent))
  const pinned = (names: readonly Pinned[] = []) =>
    Object.fromEntries(names.map((name) => [name, spec.versions?.[name] ?? PINNED[name]]))
  const packageJson = {
    name: `consumer-${folder}`,
    private: true,
    type: 'module',
    dependencies: {
      // Every tarball: shim depends on protocol by version, which only the tarball provides before publishing.
      ...Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`])),
      ...pinned(spec.dependencies),
    },
    devDependencies: pinned(spec.devDependencies),
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`)
  progress(`installing the ${folder} app in ${dir}`)
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir)
  assertFromTarballs(dir, tarballs)
  return dir
}

/** Our packages in the app come from the tarballs (never from a registry package of the same name). */
function assertFromTarballs(dir: string, tarballs: Tarballs): void {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { resolved?: string }>
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = path.replace(/^.*node_modules\//, '')
    if (!(name in tarballs)) continue
    if (!entry.resolved?.startsWith('file:')) {
      throw new Error(`${dir}: ${path} was not installed from its tarball (${entry.resolved})`)
    }
  }
}
