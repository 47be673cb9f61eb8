//! Games played on grids and boards, and the bitboards, board solver and grid text they share.

crate::rulesets::family::families! {
    amazons => [AmazonsFamily],
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
    fission => [FissionFamily],
    king_dirt => [KingDirtFamily],
    konane => [KonaneFamily],
    maundy_cake => [MaundyCakeFamily],
    nogo => [NogoFamily, NogoGraphFamily],
    sheep => [SheepFamily],
    ski_jumps => [SkiJumpsFamily],
    tictactoe => [],
    turn_and_eatcake => [TurnAndEatcakeFamily],
}
