// The approval window's page (/approvalWindow): the prompt a wallet frame handed over, on the same screen the
// frame shows, for the same user; then what was answered. Opened any other way, it has nothing to approve.

import type { PromptQueue } from '@webwallet/wallet-sim/core'
import {
  type ApprovalWindowPage,
  createPageClient,
  type Fit,
  loginStorage,
  type PageClient,
  type StoredLogin,
} from '@webwallet/wallet-sim/page'
import { useMemo, useSyncExternalStore } from 'react'
import { ModalFitContext } from '../components/modalFit'
import { OriginListContext } from '../components/originList'
import { PromptView } from './App'
import { useAccount } from './screenData'

export interface ApprovalWindowScreenProps {
  page: Pick<ApprovalWindowPage, 'current' | 'subscribe'>
  /** The wallet's own origin (never marked unlisted). */
  selfOrigin: string
  isListed: (origin: string) => boolean
  /** The window grows to its content (the page mode's popupSize.ts). */
  modalFit?: Fit | undefined
  /** The wallet API for the handed-over login; default: this origin's, the login kept in memory only. */
  createApi?: (login: StoredLogin) => PageClient
}

/** The frame's login for this window only: never written to this origin's storage. */
function apiFor(login: StoredLogin): PageClient {
  const memory = new Map<string, string>()
  const storage = loginStorage({
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  })
  storage.write(login)
  return createPageClient({ storage })
}

/** @example <ApprovalWindowScreen page={receiveApproval({ window })} selfOrigin={location.origin} isListed={isListed} /> */
export function ApprovalWindowScreen({
  page,
  selfOrigin,
  isListed,
  modalFit,
  createApi = apiFor,
}: ApprovalWindowScreenProps) {
  const state = useSyncExternalStore(page.subscribe, page.current, page.current)
  const listed = (origin: string) => origin === selfOrigin || isListed(origin)
  if (state.phase === 'asking') {
    return (
      <OriginListContext.Provider value={listed}>
        <ModalFitContext.Provider value={modalFit}>
          <Asking login={state.login} prompts={state.prompts} createApi={createApi} />
        </ModalFitContext.Provider>
      </OriginListContext.Provider>
    )
  }
  const text =
    state.phase === 'waiting'
      ? {
          title: 'Opening the request…',
          body: 'The wallet is handing this window the request on your screen.',
        }
      : state.phase === 'answered'
        ? {
            title: state.approved ? 'Approved' : 'Rejected',
            body: 'Your answer went to the app. You can close this window.',
          }
        : {
            title: 'Nothing to approve here',
            body: 'This window shows a request the wallet moved here from an app. No request is waiting.',
          }
  return (
    <main className="screen idle-screen" aria-busy={state.phase === 'waiting'}>
      <span className="brand" aria-hidden="true">
        wallet-sim
      </span>
      <h1>{text.title}</h1>
      <p className="note" role="status">
        {text.body}
      </p>
    </main>
  )
}

function Asking({
  login,
  prompts,
  createApi,
}: {
  login: StoredLogin
  prompts: PromptQueue
  createApi: (login: StoredLogin) => PageClient
}) {
  const api = useMemo(() => createApi(login), [createApi, login])
  const prompt = useSyncExternalStore(prompts.subscribe, prompts.current, prompts.current)
  const { account, chainClock } = useAccount(api, prompt)
  if (prompt === undefined) return null
  return <PromptView key={prompt.id} prompt={prompt} account={account} chainClock={chainClock} api={api} />
}
