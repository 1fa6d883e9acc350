// wallet-sim as a user of the tarball runs it: `npx wallet-sim` in the app folder, on a free port.
import { type Server, serve } from './run'

export interface StartedSim extends AsyncDisposable {
  readonly url: string
  readonly server: Server
  /** Calls its JSON-RPC (the node). */
  rpc<T>(method: string, params: unknown): Promise<T>
  /** Reads its dev API, e.g. `/inbox/<email>`. */
  dev<T>(path: string): Promise<T>
}

/** Starts `npx wallet-sim --port 0 …args` in `dir` and waits for the URL it prints. */
export async function startWalletSim(dir: string, args: readonly string[] = []): Promise<StartedSim> {
  const { server, match } = await serve(
    'npx',
    ['--no-install', 'wallet-sim', '--port', '0', ...args],
    dir,
    /wallet-sim listening on (http:\/\/\S+)/,
  )
  const url = match[1] ?? ''
  const json = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  return {
    url,
    server,
    async rpc<T>(method: string, params: unknown) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
      const answer = await json<{ result?: T; error?: unknown }>(
        await fetch(`${url}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      )
      if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
      return answer.result as T
    },
    dev: async <T>(path: string) => json<T>(await fetch(`${url}/dev${path}`)),
    [Symbol.asyncDispose]: () => server.stop(),
  }
}
