//! Games played on a strip of squares or coins (one row).

crate::rulesets::family::families! {
    backsliding_toads => [BackslidingToadsFamily],
    coin_turning => [CoinTurningFamily],
    elephants_rhinos => [ELEPHANTS_RHINOS],
    toads_frogs => [ToadsFamily],
    toppling_dominoes => [TOPPLING_DOMINOES],
}
