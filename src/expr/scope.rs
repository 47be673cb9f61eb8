//! Which functions an expression may call: the algebra alone, or the registered families too.

/// Which functions an expression may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The algebra alone: literals, operators, `Tiny(G)`, `Miny(G)` and the methods.
    Core,
    /// Also the registered game families ([`crate::rulesets::FAMILIES`]): `nim(7)`,
    /// `domineering("..|..")`, ...
    Families,
}
