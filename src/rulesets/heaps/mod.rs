//! Heap games: one or more heaps (or a pair of coordinates, as in Wythoff's game) from which tokens are taken.

crate::rulesets::family::families! {
    all_but => [AllButFamily],
    fibonacci_nim => [FibonacciNimFamily],
    loopy_subtraction => [LoopySubtractionFamily],
    misere => [],
    nim => [NimFamily],
    octal => [DawsonChessFamily, DawsonKaylesFamily, GrundyGameFamily, KaylesFamily, OctalFamily],
    partizan_euclid => [PartizanEuclidFamily],
    partizan_subtraction => [PartizanSubtractionFamily],
    queen => [QueenFamily],
    period => [],
    ryuoh => [RyuohFamily],
    subtraction => [SubtractionFamily, TakeRangeFamily],
    take_and_break => [TakeAndBreakFamily],
    welter => [WelterFamily],
    wythoff => [WythoffFamily],
}
