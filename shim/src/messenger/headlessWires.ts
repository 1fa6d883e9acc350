// The headless connectors' wires in one chunk loaded at the first request: one lazy module, not two, so a
// bundler puts what they share with the page's code in one initial chunk (esbuild makes a shared chunk per
// set of importers) and a page fetches two initial files, not three.
export { fromHttp } from './fromHttp'
export { fromWebSocket } from './fromWebSocket'
