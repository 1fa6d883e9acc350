import { describe, expect, it } from 'vitest'
import { devnetAccountKeys } from './devnetKeys'
import { toAddress, toHex } from './felt'
import { createChain, devnetAccount } from './genesis'

// Printed by starknet-devnet 0.10.1 (`starknet-devnet --seed 0` and `--seed 42`, 10 accounts each).
const DEVNET: Record<number, Record<number, { address: string; privateKey: string; publicKey: string }>> = {
  0: {
    0: {
      address: '0x064b48806902a367c8598f4f95c305e8c1a1acba5f082d294a43793113115691',
      privateKey: '0x71d7bb07b9a64f6f78ac4c816aff4da9',
      publicKey: '0x039d9e6ce352ad4530a0ef5d5a18fd3303c3606a7fa6ac5b620020ad681cc33b',
    },
    1: {
      address: '0x078662e7352d062084b0010068b99288486c2d8b914f6e2a55ce945f8792c8b1',
      privateKey: '0xe1406455b7d66b1690803be066cbe5e',
      publicKey: '0x007a1bb2744a7dd29bffd44341dbd78008adb4bc11733601e7eddff322ada9cb',
    },
    4: {
      address: '0x00d513de92c16aa42418cf7e5b60f8022dbee1b4dfd81bcf03ebee079cfb5cb5',
      privateKey: '0x5b4ac23628a5749277bcabbf4726b025',
      publicKey: '0x04708e28e2424381659ea6b7dded2b3aff4b99debfcf6080160a9d098ac2214d',
    },
    9: {
      address: '0x04b3f4ba8c00a02b66142a4b1dd41a4dfab4f92650922a3280977b0f03c75ee1',
      privateKey: '0x57b2f8431c772e647712ae93cc616638',
      publicKey: '0x0374f7fcb50bc2d6b8b7a267f919232e3ac68354ce3eafe88d3df323fc1deb23',
    },
  },
  42: {
    0: {
      address: '0x034ba56f92265f0868c57d3fe72ecab144fc96f97954bbbc4252cef8e8a979ba',
      privateKey: '0xb137668388dbe9acdfa3bc734cc2c469',
      publicKey: '0x05a5e37c60e77a0318643b111f88413a76af6233c891a0cfb2804106372006d4',
    },
    3: {
      address: '0x05e627ad77c89f728f67916e9362f0723aa9d5ecf9243b87da5551345eb0d11d',
      privateKey: '0x3bce0683ea650ed0271c9dd24c923142',
      publicKey: '0x0751f1adc02e24a322f9bd85360fc4a2c34c97e6f54124bed217842234386d46',
    },
    9: {
      address: '0x0328ced46664355fc4b885ae7011af202313056a7e3d44827fb24c9d3206aaa0',
      privateKey: '0x856c96eaa4e7c40c715ccc5dacd8bf6e',
      publicKey: '0x07357a346da0fde04bc744e8216066a09f86a4557195ede2d9e8381447b8705b',
    },
  },
}
const vectors = Object.entries(DEVNET).flatMap(([seed, byIndex]) =>
  Object.entries(byIndex).map(([index, v]) => ({ seed: Number(seed), index: Number(index), ...v })),
)

describe('starknet-devnet predeployed accounts', () => {
  it.each(vectors)('seed $seed account $index: the key devnet draws', ({ seed, index, privateKey }) => {
    expect(toHex(devnetAccountKeys(seed, 10)[index]!)).toBe(privateKey)
  })

  it.each(vectors)("seed $seed account $index: public key and address as devnet's", (v) => {
    const account = devnetAccount(BigInt(v.privateKey))
    expect(toAddress(account.publicKey)).toBe(v.publicKey)
    expect(toAddress(account.address)).toBe(v.address)
  })

  it("a chain with seed 42 predeploys devnet's accounts, funded like devnet's", () => {
    const { accounts } = createChain({ seed: 42, accounts: 4 })
    expect(accounts[0]).toEqual({
      address: DEVNET[42]![0]!.address,
      public_key: toHex(BigInt(DEVNET[42]![0]!.publicKey)),
      private_key: DEVNET[42]![0]!.privateKey,
      initial_balance: '1000000000000000000000',
    })
    expect(accounts[3]!.address).toBe(DEVNET[42]![3]!.address)
  })

  it('past 312 draws, where the Mersenne Twister regenerates its state (devnet --seed 7 --accounts 200)', () => {
    const keys = devnetAccountKeys(7, 200).map(toHex)
    expect(keys[156]).toBe('0x177b083a3a0248dfadf62a643ee13b39')
    expect(keys[199]).toBe('0xd2868d70a053d05d4023422207b14629')
    expect(toAddress(devnetAccount(BigInt(keys[199]!)).address)).toBe(
      '0x060713b1464633a51a48ddad27943d4a92b8d94a1eb3a55592a565aa93f3105d',
    )
    // A prefix does not depend on how many are drawn.
    expect(devnetAccountKeys(7, 3).map(toHex)).toEqual(keys.slice(0, 3))
  })
})
