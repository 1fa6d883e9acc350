// The demo's tasks: one at a time, each with a busy label, an outcome (the toast), an error shown by the panel
// that owns it, the services' reachability, and focus back on the button that started it.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { WALLET_URL } from './config'
import { mayBeUnreachable, UnreachableError, unreachable, unreachableService } from './connectivity'
import { type ShownError, USER_REJECTED } from './ErrorNote'
import { describeError } from './errors'
import type { Outcome } from './Toast'
import { CANCELLED_TEXT, DONE_TEXT } from './taskTexts'

/** Runs a task under its label: `label` is what the busy banner, the toast and the panels' errors key on. */
export type Run = (label: string, task: () => Promise<void>) => Promise<void>

/**
 * The error a task ended with, as shown, and whether a service stopped answering: the SDK names the service
 * it could not reach; when its words name none, wallet-sim and its node are asked which one is gone.
 */
async function failureOf(thrown: unknown, label: string): Promise<{ shown: ShownError; offline: boolean }> {
  const shown: ShownError = { ...describeError(thrown), task: label }
  if (thrown instanceof UnreachableError) return { shown, offline: true }
  const service = unreachableService(thrown)
  if (service) return { shown: { ...shown, hint: service }, offline: true }
  const down = mayBeUnreachable(shown) ? await unreachable() : undefined
  return down ? { shown: { ...shown, hint: down }, offline: true } : { shown, offline: false }
}

/** The toast of a failed task: the user's own cancel is a quiet note, anything else an error. */
function failedOutcome(shown: ShownError): Outcome {
  if (shown.code === USER_REJECTED) return { kind: 'cancelled', text: CANCELLED_TEXT }
  return {
    kind: 'error',
    text: shown.hint ? `${shown.message}. ${shown.hint}` : shown.message,
    code: shown.code,
  }
}

/** The toast of a task that succeeded, with the transaction it sent. */
function doneOutcome(label: string, transactionHash: string | undefined): Outcome {
  return {
    kind: 'done',
    text: DONE_TEXT[label] ?? `${label}: done.`,
    transactionHash,
    // The wallet's own page lists every connected app and its sessions, to revoke them there.
    ...(label === 'disconnect' ? { link: { text: 'Connected apps', href: `${WALLET_URL}/apps` } } : {}),
  }
}

/**
 * A task ended: focus goes back to the button that started it, unless the user has moved on (the wallet's
 * modal took focus, or the button was disabled while the task ran, and left it on the page's body).
 */
function useFocusReturn(busy: string | undefined, trigger: RefObject<HTMLElement | undefined>) {
  useEffect(() => {
    if (busy !== undefined || trigger.current === undefined) return
    const button = trigger.current
    trigger.current = undefined
    const lost = document.activeElement === null || document.activeElement === document.body
    if (lost && button.isConnected) button.focus()
  }, [busy, trigger])
}

/** The running task and the last one's outcome, and `run` to start one. */
export function useTasks() {
  const [busy, setBusy] = useState<string | undefined>()
  const [error, setError] = useState<ShownError | undefined>()
  const [outcome, setOutcome] = useState<Outcome | undefined>()
  // False once wallet-sim or its node did not answer; true again when a task succeeds.
  const [online, setOnline] = useState(true)
  // Finished tasks, so a test (or a user script) can wait for the task it started.
  const [finished, setFinished] = useState(0)
  // The transaction the running task sent, for its toast.
  const lastTransaction = useRef<string | undefined>(undefined)
  // The button that started the running task: focus goes back to it when the task ends.
  const trigger = useRef<HTMLElement | undefined>(undefined)
  useFocusReturn(busy, trigger)

  const run: Run = useCallback(async (label, task) => {
    const active = document.activeElement
    trigger.current = active instanceof HTMLElement && active !== document.body ? active : undefined
    lastTransaction.current = undefined
    setBusy(label)
    setError(undefined)
    setOutcome(undefined)
    try {
      await task()
      setOnline(true)
      setOutcome(doneOutcome(label, lastTransaction.current))
    } catch (thrown) {
      const { shown, offline } = await failureOf(thrown, label)
      if (offline) setOnline(false)
      setError(shown)
      setOutcome(failedOutcome(shown))
    } finally {
      setBusy(undefined)
      setFinished((n) => n + 1)
    }
  }, [])
  const noteTransaction = useCallback((hash: string | undefined) => {
    lastTransaction.current = hash
  }, [])

  return { busy, error, setError, outcome, setOutcome, online, setOnline, finished, run, noteTransaction }
}

export type Tasks = ReturnType<typeof useTasks>
