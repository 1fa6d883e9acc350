import { defineConfig } from 'vitepress'

// The documentation site over docs/ (copied into .src by build.mjs, with the API reference TypeDoc writes).
// A dead internal link fails the build; links that leave docs/ point at the repository on GitHub.
export default defineConfig({
  title: 'webwallet',
  description: 'An embeddable web-wallet SDK for Starknet, and a wallet simulator',
  srcDir: '.src',
  outDir: 'dist',
  cleanUrls: true,
  // The examples' http://localhost:3005 is the developer's own simulator.
  ignoreDeadLinks: 'localhostLinks',
  // Raw HTML in the pages is shown as text: the docs are Markdown, and `<name>` placeholders are words.
  markdown: { html: false },
  themeConfig: {
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: 'https://github.com/webwallet/webwallet' }],
    nav: [
      { text: 'Get started', link: '/getting-started' },
      { text: 'Testing', link: '/testing' },
      { text: 'React', link: '/react' },
      { text: 'Production', link: '/production' },
      { text: 'Errors', link: '/errors' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Troubleshooting', link: '/troubleshooting' },
          { text: 'Error reference', link: '/errors' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'The SDK', link: '/sdk' },
          { text: 'Sessions', link: '/sessions' },
          { text: 'Gasless', link: '/gasless' },
          { text: 'React and starknet-react', link: '/react' },
          { text: 'The simulator', link: '/simulator' },
          { text: 'Testing with Playwright', link: '/testing' },
          { text: 'Use your own contracts', link: '/own-contracts' },
          { text: 'Migrating', link: '/migrating' },
          { text: 'Going to production', link: '/production' },
        ],
      },
      {
        text: 'Concepts',
        items: [
          { text: 'Simulated and real', link: '/simulated-vs-real' },
          { text: 'The protocol', link: '/protocol' },
          { text: 'Security model', link: '/security' },
        ],
      },
      {
        text: 'SDK in depth',
        items: [
          { text: 'Options and methods', link: '/sdk-options' },
          { text: 'The session account', link: '/session-account' },
          { text: 'Sessions in depth', link: '/session-lifecycle' },
          { text: 'The connector', link: '/connector' },
          { text: 'SDK errors', link: '/sdk-errors' },
        ],
      },
      {
        text: 'Simulator in depth',
        items: [
          { text: 'The command line', link: '/wallet-sim-cli' },
          { text: 'The built-in chain', link: '/chain' },
          { text: 'The hosted wallet', link: '/wallet' },
          { text: 'Playwright fixtures in full', link: '/playwright' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'API (TypeDoc)', link: '/api/' },
          { text: 'Using @webwallet/protocol', link: '/protocol-package' },
        ],
      },
    ],
  },
})
