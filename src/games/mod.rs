//! Concrete game families, one file each, and the registry that makes them callable in
//! expressions (`nim(7)`, `domineering("..|.#")`, ...).
//!
//! Families use only the public API of [`crate::game`] and [`crate::solve`].

pub mod amazons;
pub mod arc_kayles;
pub mod backsliding_toads;
pub mod board;
pub mod board_engine;
pub mod clobber;
pub mod clobber_variants;
pub mod col;
pub mod colouring;
pub mod cram;
pub mod cutcake;
pub mod cutting;
pub mod dag;
pub mod domineering;
pub mod elephants_rhinos;
pub mod fibonacci_nim;
pub mod fission;
pub mod graph;
pub mod hackenbush;
pub mod konane;
pub mod loopy_subtraction;
pub mod nim;
pub mod node_kayles;
pub mod nogo;
pub mod octal;
pub mod partizan_arc_kayles;
pub mod queen;
pub mod ryuoh;
pub mod sequence;
pub mod snort;
pub mod subtraction;
pub mod text;
pub mod tictactoe;
pub mod toads_frogs;
pub mod toppling_dominoes;
pub mod welter;
pub mod wythoff;

pub use args::{Arg, NamedArg};

use crate::game::Game;
use crate::solve::{Table, TableArgs};
use crate::Error;

/// A family callable in expressions: `name(args)`.
pub struct Family {
    /// The name used in expressions.
    pub name: &'static str,
    /// A one-line description of the arguments, for error messages and `--help`.
    pub usage: &'static str,
    /// A call that evaluates at once, for `partizan families`.
    pub example: &'static str,
    /// Evaluates a call.
    pub call: fn(&[Arg], &[NamedArg]) -> Result<Game, Error>,
}

/// Every registered family.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "amazons",
        usage: "amazons(\"x...|...o\"): rows separated by '|', x Left's amazons, o Right's, . empty, # blocked (an arrow)",
        example: "amazons(\"x...|...o\")",
        call: amazons::call,
    },
    Family {
        name: "arc_kayles",
        usage: "arc_kayles(\"a-b b-c\"): Arc Kayles on a graph (edges u-v, chains a-b-c, or path:N, cycle:N, complete:N, star:N, grid:RxC)",
        example: "arc_kayles(\"path:5\")",
        call: arc_kayles::call,
    },
    Family {
        name: "clobber",
        usage: "clobber(\"xo|ox\"[, variant=\"diagonal\"]): rows separated by '|', x Left's stones, o Right's, . empty, # off the board; variants orthogonal, diagonal, kings, rooks, queens, anti, cannibal",
        example: "clobber(\"xoxo\")",
        call: clobber::call,
    },
    Family {
        name: "col",
        usage: "col(\"..|..\"): Col on a grid, rows separated by '|', '.' uncoloured, '#' a hole, x blue (Left), o red (Right)",
        example: "col(\"...|...\")",
        call: col::call,
    },
    Family {
        name: "col_graph",
        usage: "col_graph(\"a-b b-c\", blue=\"a\", red=\"c\", tinted=\"b:R\"): Col on a graph; tints B, R or BR",
        example: "col_graph(\"a-b b-c c-d\")",
        call: col::call_graph,
    },
    Family {
        name: "cram",
        usage: "cram(\"..|..\"): Cram, rows separated by '|', '.' empty, '#' a hole",
        example: "cram(\"...|...|...\")",
        call: cram::call,
    },
    Family {
        name: "cutcake",
        usage: "cutcake(w, h): a cake w squares wide (Left cuts vertically) and h high (Right cuts horizontally)",
        example: "cutcake(3, 4)",
        call: cutcake::call,
    },
    Family {
        name: "cutting",
        usage: "cutting(W, H): the paper-cutting game on a W×H sheet, W, H >= 2",
        example: "cutting(5, 7)",
        call: cutting::call,
    },
    Family {
        name: "dag",
        usage: "dag(\"a>b, b>c, a>c\", \"a,b\"): tokens on the vertices of a directed acyclic graph",
        example: "dag(\"a>b, b>c, a>c\", \"a,b\")",
        call: dag::call,
    },
    Family {
        name: "dawson_chess",
        usage: "dawson_chess(n): a heap of n in Dawson's chess (octal 0.137)",
        example: "dawson_chess(10)",
        call: octal::call_dawson_chess,
    },
    Family {
        name: "dawson_kayles",
        usage: "dawson_kayles(n): a row of n pins in Dawson's Kayles (octal 0.07)",
        example: "dawson_kayles(10)",
        call: octal::call_dawson_kayles,
    },
    Family {
        name: "domineering",
        usage: "domineering(\"..|..\"): rows separated by '|', '.' empty, '#' a hole; Left places vertical dominoes",
        example: "domineering(\"....|....|....\")",
        call: domineering::call,
    },
    Family {
        name: "elephants_rhinos",
        usage: "elephants_rhinos(\"EE..RR\"): one row, E Left's elephants (step right), R Right's rhinos (step left), . empty; no jumps",
        example: "elephants_rhinos(\"EE..RR\")",
        call: elephants_rhinos::call,
    },
    Family {
        name: "fibonacci_nim",
        usage: "fibonacci_nim(n) or fibonacci_nim(n, m): Fibonacci Nim, n tokens, at most m may be taken (default n - 1)",
        example: "fibonacci_nim(12)",
        call: fibonacci_nim::call,
    },
    Family {
        name: "fission",
        usage: "fission(\"...|.x.|...\"): Fission, rows separated by '|', x a stone, . empty, # blocked; Left splits vertically, Right horizontally",
        example: "fission(\"...|.x.|...\")",
        call: fission::call,
    },
    Family {
        name: "grundy_game",
        usage: "grundy_game(n): a heap of n in Grundy's game (split a heap into two unequal heaps)",
        example: "grundy_game(30)",
        call: octal::call_grundy_game,
    },
    Family {
        name: "hackenbush",
        usage: "hackenbush(\"BRG\") (stalks from the ground up, space-separated) or hackenbush(\"0-a:B a-b:R\") (edges U-V:C, ground 0 or ground=NAME)",
        example: "hackenbush(\"BRR\")",
        call: hackenbush::call,
    },
    Family {
        name: "kayles",
        usage: "kayles(n): a row of n pins in Kayles (octal 0.77)",
        example: "kayles(10)",
        call: octal::call_kayles,
    },
    Family {
        name: "konane",
        usage: "konane(\"xo.|ox.\"): Konane, rows separated by '|', x Left's stones, o Right's, . empty, # off the board",
        example: "konane(\"xo.o|.x..\")",
        call: konane::call,
    },
    Family {
        name: "nim",
        usage: "nim(a, b, ...): Nim heaps of sizes a, b, ...",
        example: "nim(3, 5, 7)",
        call: nim::call,
    },
    Family {
        name: "node_kayles",
        usage: "node_kayles(\"a-b b-c\"): Node Kayles on a graph (edges u-v, chains, or path:N, cycle:N, complete:N, star:N, grid:RxC)",
        example: "node_kayles(\"cycle:7\")",
        call: node_kayles::call,
    },
    Family {
        name: "nogo",
        usage: "nogo(\"..x|o..\"): NoGo, rows separated by '|', '.' empty, x Black (Left), o White (Right), '#' off the board",
        example: "nogo(\"...|...\")",
        call: nogo::call,
    },
    Family {
        name: "nogo_graph",
        usage: "nogo_graph(\"a-b b-c\", black=\"a\", white=\"c\"): NoGo on a graph",
        example: "nogo_graph(\"a-b b-c c-d\")",
        call: nogo::call_graph,
    },
    Family {
        name: "octal",
        usage: "octal(\"0.77\", n): a heap of n in the octal game with that code (digits 0-7)",
        example: "octal(\"0.137\", 20)",
        call: octal::call,
    },
    Family {
        name: "partizan_arc_kayles",
        usage: "partizan_arc_kayles(\"a-b:B b-c:R c-d:G\"): edges Left's (B), Right's (R) or either's (G)",
        example: "partizan_arc_kayles(\"a-b:B b-c:R c-d:G\")",
        call: partizan_arc_kayles::call,
    },
    Family {
        name: "queen",
        usage: "queen(x, y[, p=P][, q=Q]): the partizan Queen at (x, y), diagonal moves of at most p-1 steps, orthogonal of at most q-1",
        example: "queen(5, 3, p=3)",
        call: queen::call,
    },
    Family {
        name: "ryuoh",
        usage: "ryuoh(x, y, p=3, q=Q): the generalised Ryuoh piece at (x, y); q limits orthogonal moves to q - 1 squares",
        example: "ryuoh(4, 5, p=3, q=9)",
        call: ryuoh::call,
    },
    Family {
        name: "snort",
        usage: "snort(\"..|..\"): Snort on a grid, rows separated by '|', '.' uncoloured, '#' a hole, x blue (Left), o red (Right)",
        example: "snort(\"...|...\")",
        call: snort::call,
    },
    Family {
        name: "snort_graph",
        usage: "snort_graph(\"a-b b-c\", blue=\"a\", red=\"c\", tinted=\"b:B\"): Snort on a graph; tints B, R or BR",
        example: "snort_graph(\"a-b b-c\")",
        call: snort::call_graph,
    },
    Family {
        name: "subtraction",
        usage: "subtraction(\"1,3,4\", n): a heap of n in the subtraction game with that set",
        example: "subtraction(\"1,3,4\", 10)",
        call: subtraction::call,
    },
    Family {
        name: "take_range",
        usage: "take_range(p, q, n): take p..q tokens, or all when fewer than p remain; a heap of n",
        example: "take_range(2, 5, 17)",
        call: subtraction::call_take_range,
    },
    Family {
        name: "toads",
        usage: "toads(\"TT..FF\"[, jump=J][, slide=S]): one row, T Left's toads (move right), F Right's frogs (move left), . empty; jumps over up to J creatures (default 1), slides of up to S squares (default 1)",
        example: "toads(\"TT..FF\")",
        call: toads_frogs::call,
    },
    Family {
        name: "toppling_dominoes",
        usage: "toppling_dominoes(\"LRG\"): a row of dominoes, L blue (Left's), R red (Right's), G green (either's); rows separated by spaces are added",
        example: "toppling_dominoes(\"LRGLL\")",
        call: toppling_dominoes::call,
    },
    Family {
        name: "welter",
        usage: "welter(a, b, ...): coins on distinct squares a, b, ... of the Sato-Welter strip",
        example: "welter(1, 4, 6)",
        call: welter::call,
    },
    Family {
        name: "wythoff",
        usage: "wythoff(x, y): Wythoff's game with heaps x and y",
        example: "wythoff(3, 5)",
        call: wythoff::call,
    },
];

/// A family with a table of values: `partizan table NAME [--size N] [--rows R] [--cols C]
/// [--p P] [--q Q]`.
pub struct TableFamily {
    /// The name on the command line.
    pub name: &'static str,
    /// Which options it takes, for `--help` and error messages.
    pub usage: &'static str,
    /// A command line that prints a table at once (without `partizan`), for `partizan families`.
    pub example: &'static str,
    /// Builds the table; an `Err` is a message about the options.
    pub build: fn(&TableArgs) -> Result<Table, Error>,
}

/// Every family with a table.
pub const TABLES: &[TableFamily] = &[
    TableFamily {
        name: "clobber",
        usage: "table clobber --rows R --cols C (every r x c checkerboard, x in the top-left corner, R*C <= 16)",
        example: "table clobber --rows 3 --cols 3",
        build: clobber::table,
    },
    TableFamily {
        name: "col",
        usage: "table col --rows R --cols C (every r x c grid, R*C <= 20)",
        example: "table col --rows 2 --cols 3",
        build: col::table,
    },
    TableFamily {
        name: "cram",
        usage: "table cram --rows R --cols C (Grundy values of every r x c rectangle, R*C <= 30)",
        example: "table cram --rows 3 --cols 4",
        build: cram::table,
    },
    TableFamily {
        name: "cutcake",
        usage: "table cutcake --size N (every cake up to N x N)",
        example: "table cutcake --size 8",
        build: cutcake::table,
    },
    TableFamily {
        name: "cutting",
        usage: "table cutting [--size N]: the paper-cutting game, sheets 2..N by 2..N (default 12)",
        example: "table cutting --size 20",
        build: cutting::table,
    },
    TableFamily {
        name: "domineering",
        usage: "table domineering --rows R --cols C (every r x c rectangle, r <= R, c <= C)",
        example: "table domineering --rows 4 --cols 4",
        build: domineering::table,
    },
    TableFamily {
        name: "konane",
        usage: "table konane --rows R --cols C (every r x c checkerboard with the corner opening, R*C <= 20)",
        example: "table konane --rows 3 --cols 4",
        build: konane::table,
    },
    TableFamily {
        name: "queen",
        usage: "table queen --size N [--p P] [--q Q]",
        example: "table queen --size 9 --p 3",
        build: queen::table,
    },
    TableFamily {
        name: "ryuoh",
        usage: "table ryuoh [--p P] [--q Q] [--size N | --cols C --rows R]: the generalised Ryuoh piece (default p = 3, no q, size 19)",
        example: "table ryuoh --p 3 --q 9 --size 19",
        build: ryuoh::table,
    },
    TableFamily {
        name: "snort",
        usage: "table snort --rows R --cols C (every r x c grid, R*C <= 20)",
        example: "table snort --rows 2 --cols 3",
        build: snort::table,
    },
    TableFamily {
        name: "toppling_dominoes",
        usage: "table toppling_dominoes --size N (every row of 1 to N dominoes up to mirror image, N <= 8)",
        example: "table toppling_dominoes --size 3",
        build: toppling_dominoes::table,
    },
    TableFamily {
        name: "wythoff",
        usage: "table wythoff [--size N | --cols C --rows R]: Wythoff's game (default size 12)",
        example: "table wythoff --size 12",
        build: wythoff::table,
    },
];

/// The table of family `name`.
pub fn table(name: &str, args: &TableArgs) -> Result<Table, Error> {
    match TABLES.iter().find(|t| t.name == name) {
        Some(t) => (t.build)(args)
            .map_err(|e| crate::Error::from(format!("{name}: {e} (usage: {})", t.usage))),
        None => {
            let known: Vec<&str> = TABLES.iter().map(|t| t.name).collect();
            Err(format!("unknown table family {name:?}; known: {}", known.join(", ")).into())
        }
    }
}

/// The registered family called `name`.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name == name)
}

/// Evaluates the call `name(positional..., named...)` of a registered family: `None` when no
/// family has that name, an `Err` with the family's usage appended when the arguments are wrong.
/// The expression language ([`crate::expr`]) resolves its calls here.
pub fn call(name: &str, positional: &[Arg], named: &[NamedArg]) -> Option<Result<Game, Error>> {
    family(name).map(|f| {
        (f.call)(positional, named)
            .map_err(|e| crate::Error::from(format!("{e} (usage: {})", f.usage)))
    })
}

/// The arguments of a family call, and helpers for reading them.
pub mod args {
    use crate::game::Game;
    use crate::Error;
    use num_bigint::BigInt;

    /// An argument of a family call in an expression: `queen(5, 3, p=3)`, `toads("TT..FF")`.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Arg {
        /// A game value (integers are games too).
        Game(Game),
        /// A string literal.
        Str(String),
    }

    /// A named argument `name = value` of a call.
    pub type NamedArg = (String, Arg);

    /// The integer argument at `index`, named `what` in errors.
    pub fn integer(args: &[Arg], index: usize, what: &str) -> Result<BigInt, Error> {
        match args.get(index) {
            None => Err(format!("missing argument {what}").into()),
            Some(Arg::Game(g)) => g
                .as_number()
                .and_then(|x| x.to_integer())
                .ok_or_else(|| crate::Error::from(format!("{what} must be an integer, not {g}"))),
            Some(Arg::Str(s)) => {
                Err(format!("{what} must be an integer, not the string {s:?}").into())
            }
        }
    }

    /// A non-negative integer argument that fits `usize`.
    pub fn size(args: &[Arg], index: usize, what: &str) -> Result<usize, Error> {
        let n = integer(args, index, what)?;
        if n.sign() == num_bigint::Sign::Minus {
            return Err(format!("{what} must be non-negative, not {n}").into());
        }
        usize::try_from(&n).map_err(|_| crate::Error::from(format!("{what} = {n} is too large")))
    }

    /// The string argument at `index`.
    pub fn string<'a>(args: &'a [Arg], index: usize, what: &str) -> Result<&'a str, Error> {
        match args.get(index) {
            None => Err(format!("missing argument {what}").into()),
            Some(Arg::Str(s)) => Ok(s),
            Some(Arg::Game(g)) => {
                Err(format!("{what} must be a string in double quotes, not {g}").into())
            }
        }
    }

    /// The value of the named argument `name`, if given; an error for names not in `allowed`.
    pub fn named<'a>(
        named: &'a [NamedArg],
        name: &str,
        allowed: &[&str],
    ) -> Result<Option<&'a Arg>, Error> {
        if let Some((n, _)) = named.iter().find(|(n, _)| !allowed.contains(&n.as_str())) {
            return Err(format!(
                "unknown named argument '{n}' (allowed: {})",
                allowed.join(", ")
            )
            .into());
        }
        Ok(named.iter().find(|(n, _)| n == name).map(|(_, a)| a))
    }
}
