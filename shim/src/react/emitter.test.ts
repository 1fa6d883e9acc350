import { describe, expect, it, vi } from 'vitest'
import { ConnectorEmitter } from './emitter'

type Events = { change: (data: { n: number }) => void; disconnect: () => void }
class Emitter extends ConnectorEmitter<Events> {}

describe('ConnectorEmitter (eventemitter3 surface of starknet-react Connector)', () => {
  it('calls listeners in order with their context, once listeners once, and reports what it holds', () => {
    const emitter = new Emitter()
    const seen: unknown[] = []
    const context = { name: 'ctx' }
    const first = vi.fn(function (this: unknown, data: { n: number }) {
      seen.push([this, data.n])
    })
    const once = vi.fn()
    emitter
      .on('change', first, context)
      .once('change', once)
      .addListener('disconnect', () => seen.push('bye'))
    expect(emitter.eventNames()).toEqual(['change', 'disconnect'])
    expect(emitter.listenerCount('change')).toBe(2)
    expect(emitter.emit('change', { n: 1 })).toBe(true)
    expect(emitter.emit('change', { n: 2 })).toBe(true)
    expect(once).toHaveBeenCalledOnce()
    expect(seen).toEqual([
      [context, 1],
      [context, 2],
    ])
    expect(emitter.listeners('change')).toEqual([first])
    emitter.removeListener('change', first)
    expect(emitter.emit('change', { n: 3 })).toBe(false)
    emitter.off('disconnect')
    expect(emitter.listenerCount('disconnect')).toBe(0)
  })
})
