//! Games played on graphs, and the labelled graphs they share.

crate::rulesets::family::families! {
    arc_kayles => [ARC_KAYLES],
    childish_hackenbush => [ChildishHackenbushFamily],
    col => [ColFamily, ColGraphFamily],
    colouring => [],
    dag => [DagFamily],
    graph => [],
    hackenbush => [HackenbushFamily],
    node_kayles => [NODE_KAYLES],
    partizan_arc_kayles => [PARTIZAN_ARC_KAYLES],
    snort => [SnortFamily, SnortGraphFamily],
}
