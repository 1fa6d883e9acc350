// The Sierra ABI `starknet_getClass` returns for the simulated Argent account (the entry points it implements).
import type { AbiEntry } from '../../contract'

const felt = 'core::felt252'
const bool = 'core::bool'
const signer = 'argent::signer::signer_signature::Signer'
const optionSigner = 'core::option::Option::<argent::signer::signer_signature::Signer>'
const spanFelt = 'core::array::Span::<core::felt252>'
const calls = 'core::array::Array::<core::starknet::account::Call>'
const results = 'core::array::Array::<core::array::Span::<core::felt252>>'
const outsideExecution = 'argent::outside_execution::interface::OutsideExecution'

const fn = (
  name: string,
  inputs: [string, string][],
  outputs: string[],
  mutability: 'view' | 'external',
): AbiEntry => ({
  type: 'function',
  name,
  inputs: inputs.map(([n, type]) => ({ name: n, type })),
  outputs: outputs.map((type) => ({ type })),
  state_mutability: mutability,
})

/** ABI entries: types first, then functions, as Sierra ABIs list them. */
export const ARGENT_ACCOUNT_ABI: readonly AbiEntry[] = [
  {
    type: 'struct',
    name: 'core::starknet::account::Call',
    members: [
      { name: 'to', type: 'core::starknet::contract_address::ContractAddress' },
      { name: 'selector', type: felt },
      { name: 'calldata', type: spanFelt },
    ],
  },
  {
    type: 'struct',
    name: 'argent::signer::signer_signature::StarknetSigner',
    members: [{ name: 'pubkey', type: 'core::zeroable::NonZero::<core::felt252>' }],
  },
  {
    type: 'enum',
    name: signer,
    variants: [{ name: 'Starknet', type: 'argent::signer::signer_signature::StarknetSigner' }],
  },
  {
    type: 'enum',
    name: optionSigner,
    variants: [
      { name: 'Some', type: signer },
      { name: 'None', type: '()' },
    ],
  },
  {
    type: 'struct',
    name: outsideExecution,
    members: [
      { name: 'caller', type: 'core::starknet::contract_address::ContractAddress' },
      { name: 'nonce', type: felt },
      { name: 'execute_after', type: 'core::integer::u64' },
      { name: 'execute_before', type: 'core::integer::u64' },
      { name: 'calls', type: 'core::array::Span::<core::starknet::account::Call>' },
    ],
  },
  fn('__validate__', [['calls', calls]], [felt], 'external'),
  fn('__execute__', [['calls', calls]], [results], 'external'),
  fn(
    'is_valid_signature',
    [
      ['hash', felt],
      ['signature', 'core::array::Array::<core::felt252>'],
    ],
    [felt],
    'view',
  ),
  fn(
    '__validate_deploy__',
    [
      ['class_hash', felt],
      ['contract_address_salt', felt],
      ['owner', signer],
      ['guardian', optionSigner],
    ],
    [felt],
    'view',
  ),
  fn(
    'execute_from_outside_v2',
    [
      ['outside_execution', outsideExecution],
      ['signature', spanFelt],
    ],
    [results],
    'external',
  ),
  fn(
    'execute_from_outside',
    [
      ['outside_execution', outsideExecution],
      ['signature', 'core::array::Array::<core::felt252>'],
    ],
    [results],
    'external',
  ),
  fn('get_outside_execution_message_hash_rev_0', [['outside_execution', outsideExecution]], [felt], 'view'),
  fn('is_valid_outside_execution_nonce', [['nonce', felt]], [bool], 'view'),
  fn('get_outside_execution_message_hash_rev_1', [['outside_execution', outsideExecution]], [felt], 'view'),
  fn('supports_interface', [['interface_id', felt]], [bool], 'view'),
  fn('revoke_session', [['session_hash', felt]], [], 'external'),
  fn('is_session_revoked', [['session_hash', felt]], [bool], 'view'),
  fn('is_session_authorization_cached', [['session_hash', felt]], [bool], 'view'),
  fn('get_owner', [], [felt], 'view'),
  fn('get_owner_guid', [], [felt], 'view'),
  fn('get_guardian', [], [felt], 'view'),
  fn('get_guardian_guid', [], ['core::option::Option::<core::felt252>'], 'view'),
  fn('get_guardian_backup', [], [felt], 'view'),
  fn('get_name', [], [felt], 'view'),
  fn('getVersion', [], [felt], 'view'),
  {
    type: 'constructor',
    name: 'constructor',
    inputs: [
      { name: 'owner', type: signer },
      { name: 'guardian', type: optionSigner },
    ],
  },
]
