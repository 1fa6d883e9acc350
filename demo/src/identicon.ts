// A picture for an account, drawn here from its address: no request leaves the machine (the Starknet ID
// default picture is an identicon on the internet).

/**
 * A 5×5 mirrored pattern in one colour, as an SVG data URL, the same for the same address.
 * @example <img src={identicon('0x123')} alt="" />
 */
export function identicon(address: string): string {
  let hash = 0x811c9dc5
  for (const char of address.toLowerCase()) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  const hue = hash % 360
  const cells: string[] = []
  for (let row = 0; row < 5; row++)
    for (let col = 0; col < 3; col++) {
      // A bit of the hash per cell (15 cells), the left columns mirrored to the right.
      if (((hash >>> (row * 3 + col + 9)) & 1) === 0) continue
      for (const x of new Set([col, 4 - col])) cells.push(`<rect x="${x}" y="${row}" width="1" height="1"/>`)
    }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 7 7"><rect x="-1" y="-1" width="7" height="7" fill="hsl(${hue} 30% 92%)"/><g fill="hsl(${hue} 60% 40%)">${cells.join('')}</g></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
