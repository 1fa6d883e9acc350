export * from './constants'
export * from './envelope'
export * from './environments'
export * from './errors'
