// How a prompt's screen in the wallet's frame reaches the approval window (the page mode's approvalWindow.ts): the
// frame's App provides it per prompt; a popup, the approval window itself and tests provide none (no offer).

import type { PendingPrompt } from '@webwallet/wallet-sim/core'
import type { ApprovalWindow } from '@webwallet/wallet-sim/page'
import { createContext, useContext, useSyncExternalStore } from 'react'

/** The screen's way to its own window: not opened yet, open, or refused by the popup blocker. */
export interface MoveToWindow {
  status: 'offered' | 'open' | 'blocked'
  /** Opens the window (or brings it forward); call it from the user's click. */
  open(): void
}

export const ApprovalWindowContext = createContext<MoveToWindow | undefined>(undefined)

const NEVER = () => () => {}
const NONE = () => undefined

/**
 * The way to the approval window for `prompt`, undefined without a `controller` (not in a frame).
 *
 * @example
 * const moveToWindow = useMoveToWindow(approvalWindow, prompt)
 * <ApprovalWindowContext.Provider value={moveToWindow}>…</ApprovalWindowContext.Provider>
 */
export function useMoveToWindow(
  controller: ApprovalWindow | undefined,
  prompt: PendingPrompt,
): MoveToWindow | undefined {
  const state = useSyncExternalStore(
    controller?.subscribe ?? NEVER,
    controller?.current ?? NONE,
    controller?.current ?? NONE,
  )
  if (!controller) return undefined
  const status = state?.promptId === prompt.id ? state.status : 'offered'
  return { status, open: () => controller.open(prompt) }
}

/**
 * The approval window's way for the screen on display, if any.
 *
 * @example
 * const moveToWindow = useApprovalWindow()
 */
export function useApprovalWindow(): MoveToWindow | undefined {
  return useContext(ApprovalWindowContext)
}
