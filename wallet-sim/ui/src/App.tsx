// The wallet page: the screen of the current prompt, or the home page (nothing at all inside the
// iframe, which the dapp keeps hidden while nothing needs the user).
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Account, WalletApi } from './api/client'
import { Connect } from './screens/Connect'
import { Home } from './screens/Home'
import { Login } from './screens/Login'
import { Review } from './screens/Review'
import { SignMessage } from './screens/SignMessage'
import { SignSession } from './screens/SignSession'
import type { Prompt, Prompts } from './wallet/prompts'

export interface AppProps {
  api: WalletApi
  prompts: Prompts
  /** The page's route, e.g. '/iframes/comms'. */
  route: string
  /** The wallet's own origin, shown when the user opens the wallet directly. */
  selfOrigin: string
}

function useAccount(api: WalletApi, prompt: Prompt | undefined): Account | undefined {
  const [account, setAccount] = useState<Account>()
  const kind = prompt?.kind
  useEffect(() => {
    if (kind === undefined || kind === 'login' || !api.isLoggedIn()) return
    let live = true
    api.account().then(
      (next) => live && setAccount(next),
      () => {},
    )
    return () => {
      live = false
    }
  }, [api, kind])
  return account
}

/** @example createRoot(el).render(<App api={api} prompts={prompts} route={location.pathname} selfOrigin={location.origin} />) */
export function App({ api, prompts, route, selfOrigin }: AppProps) {
  const prompt = useSyncExternalStore(prompts.subscribe, prompts.current, prompts.current)
  const account = useAccount(api, prompt)
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
    if (route === '/iframes/comms')
      return <div className="idle" role="status" aria-label="Waiting for the app" />
    return <Home api={api} onLogin={() => setOwnLogin(true)} version={version} />
  }
  const answer = (approved: boolean) => prompt.answer(approved)
  switch (prompt.kind) {
    case 'login':
      return <Login api={api} origin={prompt.origin} onDone={answer} />
    case 'connect':
      return <Connect origin={prompt.origin} address={account?.address} onAnswer={answer} />
    case 'signMessage':
      return <SignMessage origin={prompt.origin} typedData={prompt.typedData} onAnswer={answer} />
    case 'signSession':
      return <SignSession origin={prompt.origin} request={prompt.request} onAnswer={answer} />
    case 'review':
      return (
        <Review
          origin={prompt.origin}
          calls={prompt.calls}
          deploysFirst={account ? !account.deployed : false}
          onAnswer={answer}
        />
      )
  }
}
