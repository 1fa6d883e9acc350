// The wallet page: the screen of the current prompt, or the home page (nothing at all inside the
// iframe, which the dapp keeps hidden while nothing needs the user).
import { WALLET_ROUTES } from '@webwallet/protocol'
import type { ChainClock, PendingPrompt, PromptQueue } from '@webwallet/wallet-sim/core'
import type { Account, ApprovalWindow, Fit, PageClient, Refusal } from '@webwallet/wallet-sim/page'
import { useState, useSyncExternalStore } from 'react'
import { ApprovalWindowContext, useMoveToWindow } from '../components/approvalWindowContext'
import { ModalFitContext } from '../components/modalFit'
import { OriginListContext } from '../components/originList'
import { Connect } from './Connect'
import { ConnectedApps } from './ConnectedApps'
import { EmbedRefused } from './EmbedRefused'
import { Home } from './Home'
import { Idle } from './Idle'
import { Login } from './Login'
import { Review } from './Review'
import { SignMessage } from './SignMessage'
import { SignSession } from './SignSession'
import { useAccount } from './screenData'

export interface AppProps {
  api: PageClient
  prompts: PromptQueue
  /** The page's route, e.g. '/iframes/comms'. */
  route: string
  /** The wallet's own origin, shown when the user opens the wallet directly. */
  selfOrigin: string
  /** Whether a requesting origin is on the allow-list; default none is (every prompt marked unlisted). */
  isListed?: (origin: string) => boolean
  /** Asks the iframe modal for room when a screen overflows (the page mode's createModalSize). */
  modalFit?: Fit | undefined
  /** Whether the page runs inside a frame (the iframe transport); default yes. */
  framed?: boolean
  /** The iframe's embedder that is not listed: the page then shows only that refusal. */
  refusal?: Pick<Refusal, 'current' | 'subscribe'>
  /** In a frame: where a prompt the browser cannot prove visible goes on (the page mode's approvalWindow.ts). */
  approvalWindow?: ApprovalWindow | undefined
}

/** The Connected apps page (wallet-sim's static.ts serves it). */
const CONNECTED_APPS_ROUTE = '/apps'

const NO_REFUSAL: Pick<Refusal, 'current' | 'subscribe'> = {
  current: () => undefined,
  subscribe: () => () => {},
}
const UNLISTED = () => false

/** @example createRoot(el).render(<App api={api} prompts={prompts} route={location.pathname} selfOrigin={location.origin} />) */
export function App({ isListed = UNLISTED, refusal = NO_REFUSAL, modalFit, ...props }: AppProps) {
  const refused = useSyncExternalStore(refusal.subscribe, refusal.current, refusal.current)
  if (refused !== undefined) return <EmbedRefused origin={refused} />
  // The wallet's own login (its home page) is never an unlisted site.
  const listed = (origin: string) => origin === props.selfOrigin || isListed(origin)
  return (
    <OriginListContext.Provider value={listed}>
      <ModalFitContext.Provider value={modalFit}>
        <Prompted {...props} />
      </ModalFitContext.Provider>
    </OriginListContext.Provider>
  )
}

function Prompted({ api, prompts, route, selfOrigin, framed = true, approvalWindow }: AppProps) {
  const prompt = useSyncExternalStore(prompts.subscribe, prompts.current, prompts.current)
  const { account, chainClock } = useAccount(api, prompt)
  const [version, setVersion] = useState(0)
  const [ownLogin, setOwnLogin] = useState(false)

  if (prompt === undefined) {
    if (ownLogin) {
      return (
        <Login
          api={api}
          origin={selfOrigin}
          onDone={() => {
            setOwnLogin(false)
            setVersion((n) => n + 1)
          }}
        />
      )
    }
    if (route === WALLET_ROUTES.iframe && framed)
      return <div className="idle" role="status" aria-label="Waiting for the app" />
    const idle = idleRoute(route)
    if (idle) return <Idle kind={idle} />
    if (route.replace(/\/+$/, '').toLowerCase() === CONNECTED_APPS_ROUTE)
      return <ConnectedApps api={api} onLogin={() => setOwnLogin(true)} version={version} />
    return <Home api={api} onLogin={() => setOwnLogin(true)} version={version} />
  }
  return (
    <PromptView
      key={prompt.id}
      prompt={prompt}
      account={account}
      chainClock={chainClock}
      api={api}
      approvalWindow={approvalWindow}
    />
  )
}

/**
 * The screen of `prompt`; in a frame, with its way to the approval window. Key it by the prompt's id: each
 * prompt gets a fresh screen, so its approve delay starts over.
 *
 * @example
 * const { account, chainClock } = useAccount(api, prompt)
 * <PromptView key={prompt.id} prompt={prompt} account={account} chainClock={chainClock} api={api} />
 */
export function PromptView({
  approvalWindow,
  ...props
}: {
  prompt: PendingPrompt
  account: Account | undefined
  chainClock: ChainClock | undefined
  api: PageClient
  approvalWindow?: ApprovalWindow | undefined
}) {
  const { prompt, account, chainClock, api } = props
  const moveToWindow = useMoveToWindow(approvalWindow, prompt)
  return (
    <ApprovalWindowContext.Provider value={moveToWindow}>
      <PromptScreen prompt={prompt} account={account} chainClock={chainClock} api={api} />
    </ApprovalWindowContext.Provider>
  )
}

/** The routes that only make sense with a request: opened without one, they say there is nothing to do. */
function idleRoute(route: string): 'review' | 'signMessage' | 'signSessionKeys' | 'comms' | undefined {
  if (route === WALLET_ROUTES.review) return 'review'
  if (route === WALLET_ROUTES.signMessage) return 'signMessage'
  if (route === WALLET_ROUTES.signSessionKeys) return 'signSessionKeys'
  if (route === WALLET_ROUTES.iframe) return 'comms'
  return undefined
}

function PromptScreen({
  prompt,
  account,
  chainClock,
  api,
}: {
  prompt: PendingPrompt
  account: Account | undefined
  chainClock: ChainClock | undefined
  api: PageClient
}) {
  const answer = (approved: boolean) => prompt.answer(approved)
  switch (prompt.kind) {
    case 'login':
      return <Login api={api} origin={prompt.origin} onDone={answer} />
    case 'connect':
      return <Connect origin={prompt.origin} address={account?.address} onAnswer={answer} />
    case 'signTypedData':
      return (
        <SignMessage
          origin={prompt.origin}
          typedData={prompt.typedData}
          self={account?.address}
          account={account}
          api={api}
          chainClock={chainClock}
          onAnswer={answer}
        />
      )
    case 'signSession':
      return (
        <SignSession
          origin={prompt.origin}
          request={prompt.request}
          feeTokens={account?.feeTokens}
          contractNames={api.contractNames}
          account={account}
          chainClock={chainClock}
          prices={api}
          onAnswer={answer}
        />
      )
    case 'execute':
      return (
        <Review
          origin={prompt.origin}
          calls={prompt.calls}
          api={api}
          self={account?.address}
          deploysFirst={account ? !account.deployed : false}
          account={account}
          onAnswer={answer}
        />
      )
  }
}
