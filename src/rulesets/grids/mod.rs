//! Games played on grids and boards, and the bitboards, board solver and grid text they share.

crate::rulesets::family::families! {
    amazons => [AMAZONS],
    board => [],
    board_engine => [],
    chomp => [ChompFamily],
    clobber => [ClobberFamily],
    clobber_variants => [],
    cram => [CramFamily],
    cutcake => [CutcakeFamily],
    cutting => [CuttingFamily],
    domineering => [DomineeringFamily],
    eatcake => [EatcakeFamily],
    fission => [FISSION],
    fox_and_geese => [FoxAndGeeseFamily],
    king_dirt => [KING_DIRT],
    konane => [KONANE],
    maundy_cake => [MaundyCakeFamily],
    nogo => [NogoFamily, NogoGraphFamily],
    sheep => [SHEEP],
    ski_jumps => [SKI_JUMPS],
    turn_and_eatcake => [TurnAndEatcakeFamily],
}
