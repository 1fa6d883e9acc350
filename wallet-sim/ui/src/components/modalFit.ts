// How a screen asks for the room its content needs: the wallet page provides a `fit` (the iframe modal's
// size store); a popup or a test provides none and the screen simply scrolls.
import type { Fit } from '@webwallet/wallet-sim/page'
import { createContext, type RefObject, useContext, useLayoutEffect } from 'react'

export const ModalFitContext = createContext<Fit | undefined>(undefined)

/**
 * Reports the overflow of `body` (a scrolling element) whenever it or its content changes size.
 *
 * @example
 * useModalFit(bodyRef)
 */
export function useModalFit(body: RefObject<HTMLElement | null>): void {
  const fit = useContext(ModalFitContext)
  useLayoutEffect(() => {
    const element = body.current
    if (!fit || !element || typeof ResizeObserver === 'undefined') return
    // The display's height bounds the request: the host page clamps to its own viewport as well.
    const measure = () => fit(element.scrollHeight - element.clientHeight, window.screen.availHeight || 900)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    // New content (an error line, a loaded account, an opened <details>) changes the overflow without
    // resizing the body.
    const mutations = new MutationObserver(measure)
    mutations.observe(element, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['open'],
    })
    return () => {
      observer.disconnect()
      mutations.disconnect()
    }
  }, [fit, body])
}
