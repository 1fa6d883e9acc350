// The Dialog namespace: how the hosted wallet is shown (iframe modal or popup window).
export { iframe, removeStale } from './iframe'
export { popup } from './popup'
