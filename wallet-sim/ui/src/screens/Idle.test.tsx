// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { createPromptQueue } from '@webwallet/wallet-sim/core'
import type { PageClient } from '@webwallet/wallet-sim/page'
import { afterEach, expect, it } from 'vitest'
import { App } from './App'

afterEach(cleanup)

const api = { isLoggedIn: () => false } as unknown as PageClient

it.each([
  ['/review', 'Nothing to review'],
  ['/signMessage', 'Nothing to sign'],
  ['/signSessionKeys', 'No session to approve'],
])('%s with no request says there is nothing to do, with a way home', (route, title) => {
  render(<App api={api} prompts={createPromptQueue()} route={route} selfOrigin="https://wallet.example" />)
  expect(screen.getByRole('heading').textContent).toBe(title)
  expect(screen.getByRole('link', { name: 'Open your wallet' }).getAttribute('href')).toBe('/')
})

it('/iframes/comms opened on its own explains itself; framed it stays an invisible idle page', () => {
  const props = {
    api,
    prompts: createPromptQueue(),
    route: '/iframes/comms',
    selfOrigin: 'https://w.example',
  }
  render(<App {...props} framed={false} />)
  expect(screen.getByRole('heading').textContent).toBe('This page works inside an app')
  cleanup()
  render(<App {...props} />)
  expect(screen.queryByRole('heading')).toBeNull()
  expect(screen.getByRole('status', { name: 'Waiting for the app' })).toBeTruthy()
})
