// A user's own contract, the example of "Use your own contracts" (README): a counter anyone can increase,
// which remembers who increased it last and emits an event each time. Compiled by
// `npm run compile:contracts` (tools/cairo-compile) into ../artifacts.

#[starknet::interface]
pub trait ICounter<TContractState> {
    /// The current value.
    fn get(self: @TContractState) -> u128;
    /// Adds `amount` (not zero) to the value.
    fn increase(ref self: TContractState, amount: u128);
    /// The account that increased the value last (zero before the first increase).
    fn last_caller(self: @TContractState) -> starknet::ContractAddress;
}

#[starknet::contract]
pub mod Counter {
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};
    use starknet::{ContractAddress, get_caller_address};

    #[storage]
    struct Storage {
        value: u128,
        last_caller: ContractAddress,
    }

    #[event]
    #[derive(Drop, starknet::Event)]
    pub enum Event {
        Increased: Increased,
    }

    #[derive(Drop, starknet::Event)]
    pub struct Increased {
        #[key]
        pub caller: ContractAddress,
        pub amount: u128,
        pub value: u128,
    }

    #[constructor]
    fn constructor(ref self: ContractState, initial: u128) {
        self.value.write(initial);
    }

    #[abi(embed_v0)]
    impl CounterImpl of super::ICounter<ContractState> {
        fn get(self: @ContractState) -> u128 {
            self.value.read()
        }

        fn increase(ref self: ContractState, amount: u128) {
            assert(amount != 0, 'amount is zero');
            let caller = get_caller_address();
            let value = self.value.read() + amount;
            self.value.write(value);
            self.last_caller.write(caller);
            self.emit(Increased { caller, amount, value });
        }

        fn last_caller(self: @ContractState) -> ContractAddress {
            self.last_caller.read()
        }
    }
}
