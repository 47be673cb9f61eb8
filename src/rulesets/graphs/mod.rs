//! Games played on graphs, and the labelled graphs they share.

crate::rulesets::family::families! {
    arc_kayles => [ArcKaylesFamily],
    childish_hackenbush => [ChildishHackenbushFamily],
    col => [ColFamily, ColGraphFamily],
    colouring => [],
    dag => [DagFamily],
    graph => [],
    hackenbush => [HackenbushFamily],
    node_kayles => [NodeKaylesFamily],
    partizan_arc_kayles => [PartizanArcKaylesFamily],
    snort => [SnortFamily, SnortGraphFamily],
}
