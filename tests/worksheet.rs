//! The worksheet language (CGScript as CGSuite 2.x worksheets write it): statements, names,
//! conditionals, loops, comprehensions, functions, collections and CGSuite's names.
//!
//! Expected values come from outside the engine: CGSuite's own tests
//! (`lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala`, `GameTest.scala`,
//! `GameGridTest.scala`, `GameHeapTest.scala` in CGSuite's public repository, cited as
//! "EvalTest" and so on, with CGSuite's answers copied as they are), from the definitions, or
//! from the same computation written in Rust in the test (loops against Rust loops,
//! comprehensions against iterators, collection methods against the standard library).

use partizan::expr::{evaluate, Worksheet};

/// The printed value of `input` evaluated on its own.
fn eval(input: &str) -> String {
    match evaluate(input) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{input}: {e}"),
    }
}

/// The error of `input`, which must fail.
fn error(input: &str) -> String {
    match evaluate(input) {
        Ok(v) => panic!("{input} evaluated to {v}"),
        Err(e) => e.to_string(),
    }
}

/// Runs `entries` in turn on one worksheet, checking each printed value (`None`: no value, the
/// entry ends with `;`; a value starting with `!!`: an error containing the rest).
fn session(entries: &[(&str, Option<&str>)]) {
    let mut w = Worksheet::new();
    for (input, expected) in entries {
        match (w.evaluate(input), expected) {
            (Ok(v), Some(e)) if !e.starts_with("!!") => {
                assert_eq!(v.map(|v| v.to_string()).as_deref(), Some(*e), "{input}")
            }
            (Ok(v), None) => assert!(v.is_none(), "{input}: {v:?}"),
            (Err(err), Some(e)) if e.starts_with("!!") => {
                assert!(err.to_string().contains(&e[2..]), "{input}: {err}")
            }
            (r, e) => panic!("{input}: {r:?}, expected {e:?}"),
        }
    }
}

/// EvalTest, "process basic expressions": names stay defined from entry to entry, `;`
/// suppresses the value at the top level only, `var` in a block is the block's.
#[test]
fn basic_expressions() {
    session(&[
        ("0", Some("0")),
        ("0;", None),
        ("begin 0; end", Some("0")),
        ("begin 0; end;", None),
        ("g := 7", Some("7")),
        ("g", Some("7")),
        ("var h := 5", Some("5")),
        ("h", Some("5")),
        ("begin var k := 6 end", Some("6")),
        ("k", Some("!!unknown name 'k'")),
        ("begin var l := 8; l end", Some("8")),
        ("vvvvx := vvvvv", Some("v5")),
        ("// This is an empty script.", None),
        ("begin end", Some("Nothing")),
    ]);
}

/// EvalTest, "process arithmetic expressions" and "respect order of operations", where
/// partizan reads as CGSuite does (`3*5` and `3^5` are read as printed: see
/// `readings_that_differ_from_cgsuite`).
#[test]
fn arithmetic() {
    for (input, expected) in [
        ("3+5", "8"),
        ("3 * 5", "15"),
        ("3 ^ 5", "243"),
        ("0 - 1", "-1"),
        ("4/6", "2/3"),
        ("(1/2)^4", "1/16"),
        ("2^(-4)", "1/16"),
        ("(2/3)^(-3)", "27/8"),
        ("17 % 5", "2"),
        ("(17/6) % (1/3)", "1/6"),
        ("*3+*5", "*6"),
        ("*(3+5)", "*8"),
        ("^^^^^^+vvv*+^19*3+v14", "^8*2"),
        ("2 + 3/4", "11/4"),
        ("2 + (1+*)", "3*"),
        ("2 - 3/4", "5/4"),
        ("2 - (1+*)", "1*"),
        ("1/2 + 1/3", "5/6"),
        ("(1/2) * (1/3)", "1/6"),
        ("5 - 3 + 4 - 8", "-2"),
        ("5 - 3 / 4 * 6 - 2", "-3/2"),
        ("5 * 3 ^ 2 / 4", "45/4"),
        ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"),
        ("4 Max 3 + 5", "8"),
        ("3 Max 5", "5"),
        ("* Heat 2", "+-2"),
        ("^ Heat 2", "{2||0|-4}"),
        ("(*+*)*3", "0"),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
    assert!(error("0/0").contains("division by zero"));
    assert!(error("*(-8)").contains("negative"));
    // Exact integers of any size: 100! has 158 digits.
    let hundred: num_bigint::BigInt = (1..=100u32).map(num_bigint::BigInt::from).product();
    assert_eq!(
        eval("fact := n -> if n == 0 then 1 else n * fact(n - 1) end; fact(100)"),
        hundred.to_string()
    );
    // A power whose size is known to be beyond reach is refused before it is computed.
    assert!(error("x := 10; x^(x^9)").contains("too large"));
}

/// EvalTest, "correctly interpret game specifiers", "handle comparison operators": games in
/// braces, `<=>` and comparisons of values of different kinds.
#[test]
fn games_and_comparisons() {
    for (input, expected) in [
        ("{0|^*5}", "^^*4"),
        ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
        ("+-1", "+-1"),
        ("+-(1/2)", "+-1/2"),
        ("+-{1,1+*}", "+-{1,1*}"),
        ("3+-1", "{4|2}"),
        ("{0||0|-1}", "Tiny(1)"),
        ("{1|0||0}", "Miny(1)"),
        ("{0|v*}", "^<2>"),
        ("3 <> 3+*", "true"),
        ("3 == []", "false"),
        ("*2 <=> *3", "*"),
        ("1 <=> 2", "-1"),
        ("^ <=> 0", "1"),
        ("1/3 <=> 1/3", "0"),
        ("Left == Left", "true"),
        ("Left == Right", "false"),
        ("[Left, Right]", "[Left,Right]"),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
    assert!(error("{3|2|1}").contains("ambiguous"));
}

/// EvalTest, "construct collections properly".
#[test]
fn collections() {
    for (input, expected) in [
        ("(1,3)", "(1,3)"),
        ("[]", "[]"),
        ("[3,5,3,1]", "[3,5,3,1]"),
        ("{}", "{}"),
        ("{3,5,3,1}", "{1,3,5}"),
        (
            "{3,\"foo\",[],true,Nothing,[3,5,3,1],+-6,*2,\"bar\"}",
            "{Nothing,3,*2,+-6,true,\"bar\",\"foo\",[],[3,5,3,1]}",
        ),
        ("{=>}", "{=>}"),
        (
            "{\"foo\" => 1, \"bar\" => *2, 16 => 22}",
            "{16 => 22, \"bar\" => *2, \"foo\" => 1}",
        ),
        ("3..12", "3..12"),
        ("3..12..3", "3..12..3"),
        ("1..0", "1..0"),
        ("(3..12).ToSet", "{3,4,5,6,7,8,9,10,11,12}"),
        ("(3..12..3).ToSet", "{3,6,9,12}"),
        ("1..4 == [1,2,3,4]", "true"),
        ("1..0 == []", "true"),
        ("[x^2 for x from 1 to 5]", "[1,4,9,16,25]"),
        (
            "[x^2+y^2 for x from 1 to 5 for y from 1 to 5]",
            "[2,5,10,17,26,5,8,13,20,29,10,13,18,25,34,17,20,25,32,41,26,29,34,41,50]",
        ),
        ("{x^2 for x in [1,3,5,3]}", "{1,9,25}"),
        (
            "{x^2+y^2 for x from 1 to 5 for y from 1 to 5}",
            "{2,5,8,10,13,17,18,20,25,26,29,32,34,41,50}",
        ),
        ("{x^2 => x for x in [1,3,5,3]}", "{1 => 1, 9 => 3, 25 => 5}"),
        (
            "{x^2+y^2 => x for x from 1 to 5 for y from 1 to 5}",
            "{2 => 1, 5 => 2, 8 => 2, 10 => 3, 13 => 3, 17 => 4, 18 => 3, 20 => 4, 25 => 4, 26 => 5, 29 => 5, 32 => 4, 34 => 5, 41 => 5, 50 => 5}",
        ),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
}

/// EvalTest, "handle conditionals correctly".
#[test]
fn conditionals() {
    for (input, expected) in [
        ("if 5 > 4 then 3 end", "3"),
        ("if 5 < 4 then 3 end", "Nothing"),
        ("if 5 < 4 then 3 else 4 end", "4"),
        ("if 5 < 4 then 3 elseif 5 > 4 then 4 else 5 end", "4"),
        ("if 1 > 0 then \"yes\" else \"no\" end", "\"yes\""),
        ("true and false", "false"),
        ("true or 1/0 == 0", "true"),
        ("not (1 > 2)", "true"),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
    assert!(error("if 3 then 3 end").contains("true or false"));
}

/// EvalTest, "handle various types of loops correctly": each scenario as a list comprehension, a
/// set comprehension, `yield`, a double `yield` and `Sum`, with CGSuite's answers.
#[test]
fn loops() {
    // (clauses, body, list, double yield, sorted set when it differs, sum)
    type Scenario<'a> = (&'a str, &'a str, &'a str, &'a str, Option<&'a str>, &'a str);
    let scenarios: &[Scenario] = &[
        (
            "for x from 1 to 5",
            "x*x",
            "1,4,9,16,25",
            "1,2,4,5,9,10,16,17,25,26",
            None,
            "55",
        ),
        (
            "for x from 1 to 10 by 3",
            "x*x",
            "1,16,49,100",
            "1,2,16,17,49,50,100,101",
            None,
            "166",
        ),
        (
            "for x from 6 to 1 by -2",
            "x*x",
            "36,16,4",
            "36,37,16,17,4,5",
            Some("4,16,36"),
            "56",
        ),
        (
            "for x from 0 to ^5 by ^*",
            "x",
            "0,^*,^^,^3*,^4",
            "0,1,^*,1^*,^^,1^^,^3*,1^3*,^4,1^4",
            Some("0,^*,^^,^3*,^4"),
            "^10",
        ),
        (
            "for x from 1 while x < 5",
            "x",
            "1,2,3,4",
            "1,2,2,3,3,4,4,5",
            None,
            "10",
        ),
        (
            "for x from 1 to 10 where x % 3 == 1",
            "x",
            "1,4,7,10",
            "1,2,4,5,7,8,10,11",
            None,
            "22",
        ),
        (
            "for x from 1 while x < 10 where x % 3 == 1",
            "x",
            "1,4,7",
            "1,2,4,5,7,8",
            None,
            "12",
        ),
        (
            "for x in [1,2,3,2]",
            "x*x",
            "1,4,9,4",
            "1,2,4,5,9,10,4,5",
            Some("1,4,9"),
            "18",
        ),
        (
            "for x in [1,2,3,2] where x % 2 == 1",
            "x",
            "1,3",
            "1,2,3,4",
            None,
            "4",
        ),
        (
            "for x in [1,2,3,2] while x % 2 == 1",
            "x",
            "1",
            "1,2",
            None,
            "1",
        ),
        ("for x := 5", "x*x", "25", "25,26", None, "25"),
    ];
    for (clauses, body, list, double, set, sum) in scenarios {
        assert_eq!(
            eval(&format!("[{body} {clauses}]")),
            format!("[{list}]"),
            "{clauses}"
        );
        assert_eq!(
            eval(&format!("{{{body} {clauses}}}")),
            format!("{{{}}}", set.unwrap_or(list)),
            "{clauses}"
        );
        assert_eq!(
            eval(&format!("{clauses} yield {body} end")),
            format!("[{list}]")
        );
        assert_eq!(
            eval(&format!("{clauses} yield {body} yield {body} + 1 end")),
            format!("[{double}]")
        );
        assert_eq!(eval(&format!("Sum({body} {clauses})")), *sum, "{clauses}");
    }
    // The empty case: no sum.
    assert!(error("Sum(x for x in [1,2,3,2] while x % 2 == 1 where x != 1)").contains("empty"));
    assert!(evaluate("for 3 from 1 to 5 yield 6 end").is_err());
}

/// Loops and comprehensions against the same computation in Rust.
#[test]
fn loops_agree_with_rust() {
    let collatz = |mut n: u64| {
        let mut steps = 0;
        while n != 1 {
            n = if n.is_multiple_of(2) {
                n / 2
            } else {
                3 * n + 1
            };
            steps += 1;
        }
        steps
    };
    let mut w = Worksheet::new();
    w.evaluate(
        "def Collatz(n) :=
           if n == 1 then 0
           elseif n.IsEven then 1 + Collatz(n/2)
           else 1 + Collatz(3*n+1)
           end",
    )
    .unwrap();
    for n in [1u64, 7, 27, 97, 871] {
        let got = w
            .evaluate(&format!("Collatz({n})"))
            .unwrap()
            .unwrap()
            .to_string();
        assert_eq!(got, collatz(n).to_string(), "Collatz({n})");
    }
    // A while loop with a counter, and break and continue.
    let mut total = 0u64;
    for i in 1..=100u64 {
        if i % 7 == 0 {
            continue;
        }
        if i > 60 {
            break;
        }
        total += i * i;
    }
    let script = "t := 0; for i from 1 to 100 do
                    if i % 7 == 0 then continue end;
                    if i > 60 then break end;
                    t := t + i * i
                  end; t";
    assert_eq!(eval(script), total.to_string());
    let primes: Vec<String> = (2..60u32)
        .filter(|n| (2..*n).all(|d| n % d != 0))
        .map(|n| n.to_string())
        .collect();
    assert_eq!(
        eval("[n for n from 2 to 59 where [d for d from 2 to n - 1 where n % d == 0].IsEmpty]"),
        format!("[{}]", primes.join(","))
    );
    // A nim sum of a list, by a loop and by the method.
    let xs = [11u64, 6, 13, 8, 14, 2, 15, 4];
    let nim_sum = xs.iter().fold(0, |a, b| a ^ b);
    assert_eq!(
        eval("s := 0; for x in [11,6,13,8,14,2,15,4] do s := s NimSum x end; s"),
        nim_sum.to_string()
    );
    let mut n = 1u64;
    let mut k = 0;
    while n < 1_000_000 {
        n *= 3;
        k += 1;
    }
    assert_eq!(
        eval("n := 1; k := 0; while n < 1000000 do n := n * 3; k := k + 1 end; [n, k]"),
        format!("[{n},{k}]")
    );
}

/// EvalTest, "properly construct and evaluate functions" and "accept outer def notation".
#[test]
fn functions() {
    session(&[
        ("f := x -> x+1", Some("x -> x + 1")),
        ("(x, x) -> x", Some("!!duplicate parameter 'x'")),
        ("f(8)", Some("9")),
        ("y := 3; f := x -> x+y; f(5)", Some("8")),
        ("y := 6; f(5)", Some("11")),
        ("x := 9; f(5); x", Some("9")),
        ("f := temp -> temp+1; f(5); temp", Some("!!unknown name 'temp'")),
        ("f := () -> 3", Some("() -> 3")),
        ("f()", Some("3")),
        ("f := (x,y) -> (x-y)/2", Some("(x, y) -> (x - y) / 2")),
        ("f(3,4)", Some("-1/2")),
        ("f(3)", Some("!!missing")),
        ("f(3,4,5)", Some("!!too many arguments")),
        ("f(y => 3, x => 4)", Some("1/2")),
        ("f(y => 4, 5)", Some("!!after a named one")),
        ("f(3, x => 4)", Some("!!twice")),
        ("f(y => 4, y => 5)", Some("!!twice")),
        ("f(3, foo => 4)", Some("!!no parameter 'foo'")),
        ("f := x -> y -> x + y", Some("x -> y -> x + y")),
        ("g := f(3)", Some("y -> x + y")),
        ("h := f(5)", Some("y -> x + y")),
        ("[g(7),h(7)]", Some("[10,12]")),
        ("x -> x -> (x + 3)", Some("!!duplicate parameter 'x'")),
        (
            "fact := n -> if n == 0 then 1 else n * fact(n-1) end; fact(6)",
            Some("720"),
        ),
        (
            "f := () -> begin var x := []; [y -> (x := y), () -> x] end;
             pair1 := f(); set1 := pair1[1]; get1 := pair1[2]; pair2 := f(); set2 := pair2[1]; get2 := pair2[2];
             set1(\"foo\"); set2(\"bar\"); [get1(), get2()]",
            Some("[\"foo\",\"bar\"]"),
        ),
        ("5(3)", Some("!!not a function")),
        ("j := n -> j(n); j(5)", Some("!!deeper than")),
        ("def t(x) := x + 1", Some("x -> x + 1")),
        ("def t(x) := x + 2;", None),
        ("t(5)", Some("7")),
        ("def t(x) := x + 3; t(5)", Some("8")),
        ("def u(x) begin y := x + 4; y; end", Some("x -> begin y := x + 4; y end")),
        ("def u(x) begin y := x + 5; y; end; u(5)", Some("10")),
        ("inc := (x, step ? 1) -> x + step; [inc(1), inc(1, 10), inc(1, step => 5)]", Some("[2,11,6]")),
        ("(x, by) -> x", Some("!!reserved word")),
        ("sq := x -> begin if x < 0 then return 0 end; x * x end; [sq(7), sq(-1)]", Some("[49,0]")),
    ]);
    assert!(evaluate("x -> y := x").is_err());
}

/// Methods of collections, strings and numbers against the standard library.
#[test]
fn methods_of_values() {
    let xs = [5i64, 3, 8, 1, 9, 2];
    let mut sorted = xs.to_vec();
    sorted.sort();
    let list = "[5,3,8,1,9,2]";
    let join = |v: &[i64]| {
        format!(
            "[{}]",
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )
    };
    assert_eq!(eval(&format!("{list}.Sorted")), join(&sorted));
    assert_eq!(eval(&format!("{list}.Length")), xs.len().to_string());
    assert_eq!(eval(&format!("{list}.Size")), xs.len().to_string());
    assert_eq!(
        eval(&format!("{list}.Sum")),
        xs.iter().sum::<i64>().to_string()
    );
    assert_eq!(
        eval(&format!("{list}.Max")),
        xs.iter().max().unwrap().to_string()
    );
    assert_eq!(
        eval(&format!("{list}.Min")),
        xs.iter().min().unwrap().to_string()
    );
    assert_eq!(
        eval(&format!("{list}.Apply(x -> x * 2)")),
        join(&xs.iter().map(|x| x * 2).collect::<Vec<_>>())
    );
    assert_eq!(
        eval(&format!("{list}.Filter(x -> x % 2 == 1)")),
        join(
            &xs.iter()
                .copied()
                .filter(|x| x % 2 != 0)
                .collect::<Vec<_>>()
        )
    );
    assert_eq!(eval(&format!("{list}.Contains(8)")), "true");
    assert_eq!(eval(&format!("{list}.Contains(4)")), "false");
    assert_eq!(
        eval(&format!("{list}.Count(x -> x > 4)")),
        xs.iter().filter(|x| **x > 4).count().to_string()
    );
    assert_eq!(eval(&format!("{list}.Take(2)")), join(&xs[..2]));
    assert_eq!(eval(&format!("{list}.Sublist(2, 4)")), join(&xs[1..4]));
    assert_eq!(eval(&format!("{list}[3]")), xs[2].to_string());
    assert_eq!(
        eval(&format!("{list} + [7]")),
        join(&[&xs[..], &[7]].concat())
    );
    assert_eq!(eval("Max([4, 2, 9])"), "9");
    assert_eq!(eval("Mex([0, 1, 3, 4])"), "2");
    assert_eq!(eval("[1,2,3].Reversed"), "[3,2,1]");
    assert_eq!(eval("[[1,2],[3]].Flattened"), "[1,2,3]");
    assert_eq!(eval("{1,2,3}.Intersection({2,3,4})"), "{2,3}");
    assert_eq!(eval("{1,2}.Union([3])"), "{1,2,3}");
    assert_eq!(eval("{\"a\" => 1, \"b\" => 2}.Keys"), "{\"a\",\"b\"}");
    assert_eq!(eval("{\"a\" => 1, \"b\" => 2}[\"b\"]"), "2");
    let s = "Winning Ways";
    assert_eq!(eval(&format!("\"{s}\".Length")), s.len().to_string());
    assert_eq!(
        eval(&format!("\"{s}\".ToUpperCase")),
        format!("\"{}\"", s.to_uppercase())
    );
    // String.cgs: "Winning Ways".Substring(2, 7), the indices inclusive from 1.
    assert_eq!(
        eval(&format!("\"{s}\".Substring(2, 7)")),
        format!("\"{}\"", &s[1..7])
    );
    assert_eq!(eval("\"ab\" + \"cd\""), "\"abcd\"");
    assert_eq!(eval("\"abc\"[2]"), "\"b\"");
    // GameTest, "game.Integer": NimSum, NimProduct, Div, IsTwoPower, Lb, Isqrt.
    assert_eq!(
        eval("[11 NimSum n for n from 1 to 16]"),
        "[10,9,8,15,14,13,12,3,2,1,0,7,6,5,4,27]"
    );
    assert_eq!(
        eval("[8 NimProduct n for n from 1 to 16]"),
        "[8,12,4,11,3,7,15,13,5,1,9,6,14,10,2,128]"
    );
    assert_eq!(eval("17.Div(4)"), "4");
    assert_eq!(eval("[32.IsTwoPower, 48.IsTwoPower]"), "[true,false]");
    assert_eq!(eval("[15,16,17,31].Apply(x -> x.Lb)"), "[3,4,4,4]");
    assert_eq!(eval("3.Max(-2147483648)"), "3");
    assert_eq!(eval("(5/4).Floor"), "1");
    assert_eq!(eval("(6/23).Numerator"), "6");
    assert_eq!(eval("(-6/23).Floor"), "-1");
    assert_eq!(eval("(-3/16).Ceiling"), "0");
    assert_eq!(eval("(3/16).Reciprocal"), "16/3");
    for n in [0u64, 1, 2, 3, 15, 16, 17, 99, 100, 3000] {
        let root = (0..=n).take_while(|r| r * r <= n).last().unwrap();
        assert_eq!(eval(&format!("{n}.Isqrt")), root.to_string(), "{n}");
    }
    assert_eq!(eval("Left.Opponent"), "Right");
    assert_eq!(eval("Right.Sign"), "-1");
}

/// Left and Right, and the methods that take a player (EvalTest's enumerations; the
/// definitions of options and stops, CGT ch. II).
#[test]
fn players() {
    assert_eq!(eval("({3|1}).Options(Left)"), "[3]");
    assert_eq!(eval("({3|1}).Options(Right)"), "[1]");
    assert_eq!(eval("({3|1}).Stop(Left)"), "3");
    assert_eq!(eval("({3|1}).Stop(Right)"), "1");
    assert_eq!(eval("({3|-2}).StrongStop(Right)"), "-2");
    assert_eq!(eval("Player.Left == Left"), "true");
    // An impartial position's options need no player.
    assert_eq!(eval("kayles(3).Options.Size"), "3");
    assert!(error("domineering(\"..|..\").Options").contains("Options(Left)"));
}

/// CGSuite's names of rulesets (GameGridTest, GameHeapTest) as aliases of partizan's families.
#[test]
fn cgsuite_names() {
    // GameGridTest, "define Domineering properly".
    assert_eq!(
        eval("game.grid.Domineering(Grid.Empty(4,4)).CanonicalForm"),
        "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    );
    assert_eq!(
        eval("game.grid.Cram(\".........|##.######\").CanonicalForm"),
        "*4"
    );
    // GameGridTest, "define Clobber properly".
    assert_eq!(
        eval("game.grid.Clobber(\"xox|ox.\").CanonicalForm"),
        "{^^*|*,v}"
    );
    assert_eq!(
        eval("game.grid.Kings(\"xox|ox.\").CanonicalForm"),
        "{^^*|*,v[2]}"
    );
    assert_eq!(
        eval("game.grid.Rooks(\"xox|ox.\").CanonicalForm"),
        "{^^*|0,*}"
    );
    assert_eq!(eval("game.grid.Queens(\"xox|ox.\").CanonicalForm"), "^");
    assert_eq!(
        eval("game.grid.AntiClobber(\"xoxo|oo..\").CanonicalForm"),
        "{*|-1}"
    );
    // GameGridTest, "define Amazons properly".
    assert_eq!(
        eval("game.grid.Amazons(\"x...|o...\").CanonicalForm"),
        "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"
    );
    // GameHeapTest, "Grundy's Game edge case": the options of an impartial position need no
    // player; a heap of 92679 splits into two unequal heaps in 46339 ways.
    assert_eq!(eval("game.heap.GrundysGame(92679).Options.Size"), "46339");
    assert_eq!(eval("grundy_game(92679).Options.Size"), "46339");
    // A boolean switch is read as its integer: friendly jumps (over a creature of one's own
    // kind) in Toads and Frogs. In TTT.F the middle toad may jump its front one, to T.TTF
    // (whose value is 1: Left has one slide left, Right none), beside the front toad's slide
    // to TT.TF.
    assert_eq!(eval("toads(\"TTT.F\", friendly=true)"), "{1,1*|0}");
    assert_eq!(eval("toads(\"TTT.F\", friendly=1)"), "{1,1*|0}");
    assert_eq!(
        eval("toads(\"TTT.F\", friendly=false)"),
        eval("toads(\"TTT.F\")")
    );
    assert_eq!(eval("toads(\"TTT.F\")"), "{1*|0}");
    assert_eq!(eval("toads(\"T.TTF\")"), "1");
    // GameHeapTest, TakeAndBreak: nim values of heaps 1 to 20.
    for (ruleset, values) in [
        (
            "game.heap.Kayles",
            "[1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1]",
        ),
        (
            "game.heap.DawsonsKayles",
            "[0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3]",
        ),
        (
            "game.heap.GrundysGame",
            "[0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0]",
        ),
        (
            "game.heap.Subtraction([2,3,7])",
            "[0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]",
        ),
        (
            "game.heap.TakeAndBreak(\"0.3F\")",
            "[1,2,0,1,2,3,4,5,3,4,5,6,7,8,6,7,8,9,10,11]",
        ),
    ] {
        assert_eq!(
            eval(&format!("[{ruleset}(n).NimValue for n from 1 to 20]")),
            values,
            "{ruleset}"
        );
        assert_eq!(
            eval(&format!("{ruleset}.NimValueSequence(20)")),
            values,
            "{ruleset}"
        );
    }
    // The short names, as CGSuite imports its packages.
    assert_eq!(eval("Kayles(5).NimValue"), "4");
    assert_eq!(
        eval("ToadsAndFrogs(\"tt..ff\").CanonicalForm"),
        eval("toads(\"TT..FF\")")
    );
    assert!(error("game.grid.Domineering(\"..x\")").contains("alphabet"));
}

/// The limits: runaway recursion is an error, not a stack overflow; deep nesting in the
/// language is bounded like every expression.
#[test]
fn limits() {
    let e = error("f := n -> f(n + 1) + 1; f(0)");
    assert!(e.contains("deeper than"), "{e}");
    // Deep but finite recursion is fine.
    assert_eq!(
        eval("sum := n -> if n == 0 then 0 else n + sum(n - 1) end; sum(5000)"),
        (5000u64 * 5001 / 2).to_string()
    );
    let deep = format!("{}1{}", "begin ".repeat(2000), " end".repeat(2000));
    assert!(error(&deep).contains("nesting deeper"));
    // An endless loop ends with a budget of work, as every computation does: each round is an
    // interruption point.
    let r = partizan::interrupt::within_budget(1 << 20, || {
        evaluate("n := 0; while true do n := n + 1 end")
    });
    assert!(r.is_err(), "the endless loop was not stopped");
}

/// A range is kept as its three integers: its size is known without building its integers, a
/// loop makes them one a round, and building its list counts each integer as an interruption
/// point, so a budget of work (the fuzz target's, a page's) stops a list of millions of
/// integers before it takes the memory (`3..002423974 <= *3` ran a fuzzing round out of memory).
#[test]
fn a_long_range_is_counted_by_the_budget() {
    use partizan::interrupt::within_budget;
    let budget = 1 << 20;
    let n = 2_423_974u64 - 3 + 1;
    assert_eq!(
        within_budget(budget, || eval("(3..2423974).Length")),
        Ok(n.to_string())
    );
    assert_eq!(
        within_budget(budget, || eval("(3..2423974..2).Size")),
        Ok(((2_423_974u64 - 3) / 2 + 1).to_string())
    );
    assert_eq!(
        within_budget(budget, || eval("(5..4).IsEmpty")),
        Ok("true".into())
    );
    // The list of the range: 2.4 million integers, over a budget of 1024 interruption points.
    assert!(within_budget(budget, || evaluate("(3..2423974).Sorted")).is_err());
    assert!(within_budget(budget, || evaluate("3..2423974 <= *3")).is_err());
    // A loop over the range stops at the budget too, after building only what it ran over.
    assert!(within_budget(budget, || evaluate("for x in 3..2423974 do x end")).is_err());
    // Within the budget, the same work is done as before.
    let sum: u64 = (1..=500).sum();
    assert_eq!(
        within_budget(budget, || eval(
            "s := 0; for x in 1..500 do s := s + x end; s"
        )),
        Ok(sum.to_string())
    );
    assert_eq!(
        within_budget(budget, || eval("(1..5).Reversed")),
        Ok("[5,4,3,2,1]".into())
    );
}

/// Powers with millions of bits are exact, and the numbers they make are read without a
/// search for common factors (a dyadic number is already in lowest terms): comparing
/// `31^655363` with 0 ran a fuzzing round past its time limit when each reading ran the
/// quadratic binary gcd. The expected values are num-bigint's own powers.
#[test]
fn long_powers_are_exact() {
    use num_bigint::BigInt;
    let big = BigInt::from(31).pow(655_363u32);
    assert_eq!(eval("(31)^655363 > 0"), "true");
    assert_eq!(
        eval("(31)^655363 % 1000"),
        (&big % BigInt::from(1000)).to_string()
    );
    assert_eq!(
        eval("((31/2)^655363 * (2)^655363) % 1000000"),
        (&big % BigInt::from(1_000_000)).to_string()
    );
    assert_eq!(
        eval("{x^65537 for x in [2,31/2,5]}.Size"),
        "3",
        "three distinct powers"
    );
    let third = BigInt::from(3).pow(1000u32);
    let seventh = BigInt::from(7).pow(1000u32);
    assert_eq!(eval("(3/7)^1000"), format!("{third}/{seventh}"));
}

/// An endless loop stops at a request from outside (Ctrl-C), in a process of its own: the
/// request stops every thread's work.
#[test]
fn an_endless_loop_stops_when_asked() {
    crate::util::in_own_process("worksheet::an_endless_loop_stops_when_asked", || {
        let handle = std::thread::spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            partizan::interrupt::request();
        });
        let r = partizan::interrupt::catch(|| evaluate("n := 0; while true do n := n + 1 end"));
        handle.join().unwrap();
        partizan::interrupt::clear();
        assert!(r.is_err(), "the endless loop was not stopped");
    });
}

/// EvalTest, "handle explicit and compound games": a compound with an explicit game among its
/// operands is kept as written and prints as CGSuite prints it; its canonical form is its value.
/// CGSuite's answers copied as they are, but for the ordinal sum with a loopy top
/// (`('{-1|1}':on).GameValue`, not a short game).
#[test]
fn explicit_and_compound_games() {
    session(&[
        ("'{*|*}'", Some("'{*|*}'")),
        ("'{0|}' + 1", Some("'{0|}' + 1")),
        ("'{-1|1}':1", Some("'{-1|1}' : 1")),
        ("('{-1|1}':1).CanonicalForm", Some("1/2")),
        ("-2 * '{|-1}'", Some("-2 * '{|-1}'")),
        ("(-2 * '{|-1}').CanonicalForm", Some("4")),
        (
            "*6 ConwayProduct '{0,*|0,*}'",
            Some("*6 ConwayProduct '{0,*|0,*}'"),
        ),
        ("(*6 ConwayProduct '{0,*|0,*}').CanonicalForm", Some("*11")),
        ("g := '{*|*}':1", Some("'{*|*}' : 1")),
        ("-g", Some("'{*|*}' : -1")),
        ("g-g", Some("'{*|*}' : 1 + '{*|*}' : -1")),
        ("{g|-1}", Some("'{'{*|*}' : 1|-1}'")),
        ("2*g", Some("2 * ('{*|*}' : 1)")),
        ("(2*g).CanonicalForm", Some("^^")),
        ("(g*2).CanonicalForm", Some("^^")),
    ]);
    // From the definitions: -'{0|}' is '{|0}' (the options negated), and G - G = 0 in value
    // whatever the form; the options of '{0|}' + 1 are those of the sum's definition.
    assert_eq!(eval("-'{0|}'"), "'{|0}'");
    assert_eq!(eval("('{1|-1}' + 3 - '{1|-1}').CanonicalForm"), "3");
    assert_eq!(eval("('{0|}' + 1).LeftOptions"), "[0 + 1,'{0|}' + 0]");
    assert_eq!(eval("('{0|}' + 1).RightOptions"), "[]");
    assert_eq!(eval("+-'{0|}'"), "'{'{0|}'|'{|0}'}'");
    // The subordinate over an explicit base uses the base as written (the CGSuite
    // answers): ^[5] = '{*|*}' : 5, while over the canonical form 0 = {|} it is ^[5] itself.
    assert_eq!(eval("^.PowTo(5).Subordinate('{*|*}')"), "5");
    assert_eq!(eval("('{*|*}' : 5).Subordinate('{*|*}')"), "5");
    assert_eq!(eval("^.PowTo(5).Subordinate(0)"), "^[5]");
    assert!(error("(1/2).Subordinate('{*|*}')").contains("is not an ordinal sum '{*|*}' : H"));
}

/// Where partizan reads an input differently from CGSuite: a literal is read as it is printed
/// (docs/NOTATION.md, "Where partizan reads differently from CGSuite").
#[test]
fn readings_that_differ_from_cgsuite() {
    // CGSuite computes 3*5 = 15 and 3^5 = 243; partizan reads the printed values 3 + *5 and
    // 3 + 5·↑, which read back as they print.
    assert_eq!(eval("3*5"), "3*5");
    assert_eq!(eval("3*5 == 3 + *5"), "true");
    assert_eq!(eval("3^5 == 3 + 5 * ^"), "true");
    // Spaced, or after a name or a parenthesis, they are the operators.
    assert_eq!(eval("x := 3; [x*5, x^5, (3)^5, 3 ^ 5]"), "[15,243,243,243]");
    // A nimber after an operand is refused, naming both readings.
    let e = error("2 *3");
    assert!(e.contains("a + *n") && e.contains("a * n"), "{e}");
}

/// The lines of a script: a line break ends a statement, `;` suppresses a value.
#[test]
fn scripts() {
    let mut w = Worksheet::new();
    let mut out = Vec::new();
    w.run_script(
        "g := 7\ng + 1\nh := g * 2;\nh\nfor i from 1 to 3 do g := g + i end\ng\n[1,\n 2]\n  .Size",
        |v| out.push(v.to_string()),
    )
    .unwrap();
    assert_eq!(out, ["7", "8", "14", "13", "2"]);
    // A loopy literal in a script (found by the fuzz target: a script's statements are the
    // nodes the evaluator found the literals in).
    let mut out = Vec::new();
    w.run_script("y1{|y1}\na{0|a}", |v| out.push(v.to_string()))
        .unwrap();
    assert_eq!(out, ["off", "over"]);
    assert_eq!(w.names(), ["g", "h"]);
}

/// Every example of CGSuite's worksheet tutorials that uses features partizan has
/// (`tests/data/cgsuite_tutorials.tsv`, with the source of each and how its value is known), each
/// tutorial's entries run in order on one worksheet.
#[test]
fn the_tutorials_examples() {
    let data = include_str!("data/cgsuite_tutorials.tsv");
    let mut sheets: std::collections::HashMap<&str, Worksheet> = Default::default();
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [file, input, expected, _why] = fields[..] else {
            panic!("a line of four fields: {line}");
        };
        let sheet = sheets.entry(file).or_default();
        let got = sheet
            .evaluate(input)
            .unwrap_or_else(|e| panic!("{file}: {input}: {e}"))
            .map(|v| v.to_string())
            .unwrap_or_default();
        assert_eq!(got, expected, "{file}: {input}");
        checked += 1;
    }
    assert!(checked >= 35, "{checked} examples");
}
