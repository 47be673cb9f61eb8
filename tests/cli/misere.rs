//! Misère play on the command line (`grundy … --misere`, `quotient`, `misere`, and the misère
//! methods of expressions), checked against searches written here from the rules and against
//! values derived by hand from the definitions (ONAG ch. 12, *Winning Ways* ch. 13).

use crate::util::cli::{clean_error, ok, run};
use std::collections::HashMap;

/// A position of Kayles heaps and nim heaps, both sorted, empty heaps dropped.
type Position = (Vec<usize>, Vec<usize>);

/// Whether the position is a misère P-position, by the rules: a Kayles move knocks down one pin
/// or two adjacent pins of a row, leaving up to two rows; a nim move takes any tokens from one
/// heap. The player who cannot move wins, so a position without moves is an N-position.
fn misere_p(pos: Position, memo: &mut HashMap<Position, bool>) -> bool {
    let norm = |mut p: Position| {
        p.0.retain(|&h| h > 0);
        p.0.sort_unstable();
        p.1.retain(|&h| h > 0);
        p.1.sort_unstable();
        p
    };
    let pos = norm(pos);
    if let Some(&p) = memo.get(&pos) {
        return p;
    }
    let mut options: Vec<Position> = Vec::new();
    for (i, &n) in pos.0.iter().enumerate() {
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) {
                let mut k = pos.0.clone();
                k.remove(i);
                k.extend([left, n - take - left]);
                options.push((k, pos.1.clone()));
            }
        }
    }
    for (i, &n) in pos.1.iter().enumerate() {
        for to in 0..n {
            let mut h = pos.1.clone();
            h[i] = to;
            options.push((pos.0.clone(), h));
        }
    }
    let p = !options.is_empty() && options.into_iter().all(|o| !misere_p(norm(o), memo));
    memo.insert(pos, p);
    p
}

/// The misère Grundy value of a position: the `k` with `position + *k` a P-position (one exists
/// and is unique, *Winning Ways* ch. 13).
fn misere_grundy(kayles: &[usize], nim: &[usize], memo: &mut HashMap<Position, bool>) -> usize {
    (0..64)
        .find(|&k| {
            let mut heaps = nim.to_vec();
            heaps.push(k);
            misere_p((kayles.to_vec(), heaps), memo)
        })
        .expect("a misère Grundy value below 64")
}

/// The normal-play Grundy values of Kayles heaps, from the rules.
fn kayles_normal(to: usize) -> Vec<usize> {
    let mut g: Vec<usize> = Vec::new();
    for n in 0..=to {
        let mut seen = vec![false; 2 * n + 4];
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) {
                seen[g[left] ^ g[n - take - left]] = true;
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap());
    }
    g
}

/// The digits of a printed genus `g^γ₀γ₁…` (or `g^(γ₀,γ₁,…)`), extended by their period 2 to
/// `len` terms.
fn genus_terms(genus: &str, len: usize) -> (usize, Vec<usize>) {
    let (g, sup) = genus.split_once('^').expect("g^digits");
    let mut digits: Vec<usize> = match sup.strip_prefix('(') {
        Some(list) => list
            .trim_end_matches(')')
            .split(',')
            .map(|d| d.parse().unwrap())
            .collect(),
        None => sup
            .chars()
            .map(|c| c.to_digit(10).unwrap() as usize)
            .collect(),
    };
    while digits.len() < len {
        digits.push(digits[digits.len() - 2]);
    }
    (g.parse().unwrap(), digits)
}

#[test]
fn grundy_misere_prints_the_misere_grundy_values_and_genera_of_kayles() {
    let out = ok(&["grundy", "kayles", "--to", "20", "--misere"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "octal game 0.77 in misère play: G-(0..=20)");
    assert_eq!(lines[2], "n\tG-\tgenus");
    let normal = kayles_normal(20);
    let mut memo = HashMap::new();
    let mut row = Vec::new();
    for n in 0..=20 {
        let cells: Vec<&str> = lines[3 + n].split('\t').collect();
        assert_eq!(cells[0], n.to_string());
        // The genus g^γ₀γ₁γ₂γ₃: g the normal Grundy value, γᵢ the misère Grundy value of the
        // heap plus i copies of *2 (ONAG ch. 12).
        let (g, gamma) = genus_terms(cells[2], 4);
        assert_eq!(g, normal[n], "heap {n}: {}", cells[2]);
        for (i, &digit) in gamma.iter().enumerate() {
            assert_eq!(
                digit,
                misere_grundy(&[n], &vec![2; i], &mut memo),
                "heap {n}: γ{i} of {}",
                cells[2]
            );
        }
        assert_eq!(cells[1], gamma[0].to_string(), "heap {n}");
        row.push(gamma[0].to_string());
    }
    assert_eq!(lines[1], row.join(" "));
    assert_eq!(lines.len(), 24);
}

/// Whether a position of octal 0.77 (Kayles) heaps is a misère P-position.
fn kayles_p(heaps: &[usize], memo: &mut HashMap<Position, bool>) -> bool {
    misere_p((heaps.to_vec(), vec![]), memo)
}

#[test]
fn quotient_prints_the_presentation_p_portion_and_the_heaps_images() {
    let out = ok(&["quotient", "0.77", "--to", "10"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "misère quotient of octal game 0.77, heaps 1..=10");
    let (q_size, p_size) = lines[1]
        .strip_prefix("|Q| = ")
        .and_then(|s| s.split_once(", |P| = "))
        .expect("|Q| = …, |P| = …");
    assert!(lines[2].starts_with("Q = <") && lines[2].ends_with('>'));
    let p_set: Vec<&str> = lines[3]
        .strip_prefix("P = {")
        .and_then(|s| s.strip_suffix('}'))
        .expect("P = {…}")
        .split(", ")
        .collect();
    assert_eq!(p_size, p_set.len().to_string());
    assert!(q_size.parse::<usize>().unwrap() > p_set.len());
    // The heaps' images: a table with rows of ten, heap 0 first.
    let images: Vec<&str> = lines[5..]
        .iter()
        .flat_map(|l| l.split_whitespace().skip(1))
        .collect();
    assert_eq!(images.len(), 11);
    // Heaps 0–3 of Kayles are 0, *, *2, *3 (the same trees): the identity and the generators of
    // misère Nim's quotient ⟨a, b | a² = 1, b³ = b⟩ with *3 ↦ ab (Plambeck and Siegel 2008).
    assert_eq!(images[..4], ["1", "a", "b", "ab"]);
    // A heap is a P-position exactly when its image lies in the P-portion.
    let mut memo = HashMap::new();
    for (n, image) in images.iter().enumerate() {
        assert_eq!(
            p_set.contains(image),
            kayles_p(&[n], &mut memo),
            "heap {n} ↦ {image}"
        );
    }
    // Two heaps with the same image are interchangeable in every small position.
    for a in 1..=10 {
        for b in 1..a {
            if images[a] == images[b] {
                for x in 0..=6 {
                    for y in 0..=x {
                        assert_eq!(
                            kayles_p(&[a, x, y], &mut memo),
                            kayles_p(&[b, x, y], &mut memo),
                            "heaps {a} and {b} share the image {}",
                            images[a]
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn misere_prints_the_outcome_of_a_domineering_board() {
    // Misère Domineering on 2×4, by a search written here: Left places vertical dominoes, Right
    // horizontal ones, and the player who cannot move wins.
    fn wins(board: u8, left: bool, memo: &mut HashMap<(u8, bool), bool>) -> bool {
        // Squares: bit 4·r + c for row r < 2, column c < 4.
        if let Some(&w) = memo.get(&(board, left)) {
            return w;
        }
        let free = |s: u8| board & (1 << s) == 0;
        let mut moves = Vec::new();
        for c in 0..4 {
            if left && free(c) && free(4 + c) {
                moves.push(board | 1 << c | 1 << (4 + c));
            }
            for r in 0..2 {
                let s = 4 * r + c;
                if !left && c < 3 && free(s) && free(s + 1) {
                    moves.push(board | 1 << s | 1 << (s + 1));
                }
            }
        }
        let w = moves.is_empty() || moves.into_iter().any(|b| !wins(b, !left, memo));
        memo.insert((board, left), w);
        w
    }
    let mut memo = HashMap::new();
    let expected = match (wins(0, true, &mut memo), wins(0, false, &mut memo)) {
        (true, true) => "N",
        (true, false) => "L",
        (false, true) => "R",
        (false, false) => "P",
    };
    assert_eq!(ok(&["misere", "domineering", "....|...."]).trim(), expected);
    // 2×2: whoever moves first leaves the other without a move, and loses.
    assert_eq!(ok(&["misere", "domineering", "..|.."]).trim(), "P");
    // Kayles rows of one pin and one pin: the mover knocks one down, the opponent must knock
    // down the last and loses: N. One pin alone: the mover makes the last move and loses: P.
    assert_eq!(ok(&["misere", "kayles", "1", "1"]).trim(), "N");
    assert_eq!(ok(&["misere", "kayles", "1"]).trim(), "P");
}

#[test]
fn expression_methods_read_the_tree() {
    let eval = |e: &str| ok(&["eval", e]).trim().to_string();
    // *2 = {0, * | 0, *} is the nim heap *2; {*2 | *2} (0 in normal play) is {*2}, written
    // *[2#] (the proviso keeps it: {*2} is a misère P-position, not 0).
    assert_eq!(eval("*2.MisereCanonicalForm"), "*[2]");
    assert_eq!(eval("'{*2|*2}'.MisereCanonicalForm"), "*[2#]");
    assert_eq!(eval("'{*2|*2}'.misere_canonical_form"), "*[2#]");
    // {* | *} is the impartial {*}: its option * reverses through 0, and the proviso holds
    // because {*} is a misère N-position (the mover moves to *, the opponent must move to 0,
    // and the mover, left without a move, wins), so {*} = 0.
    assert_eq!(eval("'{*|*}'.MisereCanonicalForm"), "*[0]");
    // Genera by hand (ONAG ch. 12): 0 has g = 0, γ₀ = 1, γ₁ = G⁻(*2) = 2, γ₂ = G⁻(*2 + *2) = 0;
    // * has g = 1, γ₀ = 0, γ₁ = G⁻(*3) = 3, γ₂ = 1; *2 has 2^{2 0}; {*2} has g = 0,
    // γ₀ = mex{2} = 0, γ₁ = mex{0, 0, 1} = 2, γ₂ = mex{2, 2, 3} = 0.
    assert_eq!(eval("0.Genus"), "0^120");
    assert_eq!(eval("*.Genus"), "1^031");
    assert_eq!(eval("*2.genus"), "2^20");
    assert_eq!(eval("'{*2|*2}'.Genus"), "0^02");
    // Misère outcomes: 0 (no move: the mover wins) N, * P, *2 N; {*2} P; ↑ = {0 | *}: Left
    // moving to 0 leaves Right without a move, so Right wins; Right moving to * forces Left to
    // 0, and Right wins again: R. 1 = {0 |}: Right has no move and wins; Left must move to 0: R.
    for (e, o) in [
        ("0", "N"),
        ("*", "P"),
        ("*2", "N"),
        ("'{*2|*2}'", "P"),
        ("^", "R"),
        ("1", "R"),
        // In parentheses: a method binds tighter than a minus, so -1.MisereOutcomeClass is
        // −(1.MisereOutcomeClass), which is not defined.
        ("(-1)", "L"),
        ("{1|-1}", "P"),
    ] {
        assert_eq!(eval(&format!("{e}.MisereOutcomeClass")), o, "{e}");
    }
    // A family call is a position: kayles(5) is Kayles' heap of 5, of genus 4^146 (Winning Ways
    // ch. 13), while its normal-play canonical form *4 is the nim heap, of genus 4^46 (a heap
    // *n, n >= 2, has genus n^(n, n xor 2): Winning Ways ch. 13).
    assert_eq!(eval("kayles(5).Genus"), "4^146");
    assert_eq!(eval("kayles(5).CanonicalForm.MisereCanonicalForm"), "*[4]");
    assert_eq!(eval("kayles(5).CanonicalForm.Genus"), "4^46");
}

#[test]
fn bad_misere_input_is_one_line_with_status_2() {
    let m = clean_error(&["eval", "^.MisereCanonicalForm"]);
    assert!(
        m.contains("partizan") && m.contains("MisereOutcomeClass"),
        "{m}"
    );
    clean_error(&["eval", "'{1|*}'.Genus"]);
    clean_error(&["misere", "domineering", "..x.|...."]);
    clean_error(&["misere", "domineering"]);
    clean_error(&["misere", "chess", "3"]);
    clean_error(&["misere", "kayles", "-3"]);
    clean_error(&["grundy", "subtraction", "--misere", "--to", "5"]);
    clean_error(&["quotient", "0.77", "--to", "x"]);
    clean_error(&["quotient", "nim", "3"]);
    clean_error(&["quotient", "domineering"]);
    // At the size limit: the quotient found so far on stdout, one error line, status 2.
    let r = run(&["quotient", "0.07", "--to", "30", "--max-size", "20"]);
    assert_eq!(r.status, 2);
    assert!(r
        .stdout
        .starts_with("misère quotient of octal game 0.07, heaps 1..="));
    assert_eq!(r.stderr.lines().count(), 1, "{:?}", r.stderr);
    assert!(r.stderr.starts_with("error: ") && r.stderr.contains("more than 20 elements"));
}

#[test]
fn the_misere_command_takes_every_family_that_gives_its_positions() {
    let bin = env!("CARGO_BIN_EXE_partizan");
    let run = |args: &[&str]| std::process::Command::new(bin).args(args).output().unwrap();
    for (args, expected) in [
        (&["misere", "nim", "1", "2", "3"][..], "P"),
        (&["misere", "nim", "2", "3"][..], "N"),
        (
            &["misere", "kayles", "3", "4", "5"][..],
            kayles_3_4_5_misere(),
        ),
        (&["misere", "clobber", "xo|ox", "variant=diagonal"][..], "N"),
        (&["misere", "domineering", "..|.."][..], "P"),
    ] {
        let out = run(args);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            expected,
            "{args:?}"
        );
    }
    // A Clobber board of more than 128 squares has its moves too: 130 stones of one colour
    // leave neither player a move, so the player to move wins at misère play.
    let out = run(&["misere", "clobber", &"x".repeat(130)]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "N");
}

/// The misère outcome of Kayles heaps 3, 4 and 5 by a search written here: a move removes one
/// pin or two adjacent pins from a row, possibly splitting it.
fn kayles_3_4_5_misere() -> &'static str {
    fn wins(heaps: &mut Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        if let Some(&w) = memo.get(heaps.as_slice()) {
            return w;
        }
        let mut won = heaps.is_empty();
        'all: for i in 0..heaps.len() {
            let n = heaps[i];
            for take in 1..=2.min(n) {
                for left in 0..=(n - take) {
                    let mut next = heaps.clone();
                    next[i] = left;
                    next.push(n - take - left);
                    if !wins(&mut next, memo) {
                        won = true;
                        break 'all;
                    }
                }
            }
        }
        memo.insert(heaps.clone(), won);
        won
    }
    if wins(&mut vec![3, 4, 5], &mut HashMap::new()) {
        "N"
    } else {
        "P"
    }
}

#[test]
fn take_and_break_codes_in_the_misere_commands() {
    // 0.[3] is Nim. The genus of a Nim heap n is 0^120, 1^031, and n^(n, n xor 2) for n >= 2
    // (Winning Ways ch. 13).
    let out = ok(&["grundy", "take_and_break", "0.[3]", "--to", "7", "--misere"]);
    for n in 0..=7u32 {
        let genus = match n {
            0 => "0^120".to_string(),
            1 => "1^031".to_string(),
            n => format!("{n}^{n}{}", n ^ 2),
        };
        assert!(
            out.lines()
                .any(|l| l == format!("{n}\t{}\t{genus}", if n < 2 { 1 - n } else { n })),
            "heap {n}: {out}"
        );
    }
    // The code alone, as for octal codes; and Bouton's misère P-position 1, 2, 3.
    assert_eq!(ok(&["grundy", "0.[3]", "--to", "7", "--misere"]), out);
    assert_eq!(
        ok(&["misere", "take_and_break", "0.[3]", "1", "2", "3"]).trim(),
        "P"
    );
}

/// Misère Grundy values of one heap of a subtraction-like game, from its moves: `G⁻(n)` is the
/// mex of the options' values, and 1 for a heap with no move (ONAG ch. 12: `G⁻(G)` is the `k`
/// with `G + *k` a misère P-position, and `*1` alone is one).
fn misere_heap_values(moves: impl Fn(usize) -> Vec<usize>, to: usize) -> Vec<usize> {
    let mut g: Vec<usize> = Vec::new();
    for n in 0..=to {
        let seen: Vec<usize> = moves(n).into_iter().map(|m| g[m]).collect();
        g.push(if seen.is_empty() {
            1
        } else {
            (0..).find(|k| !seen.contains(k)).expect("a mex")
        });
    }
    g
}

#[test]
fn nim_subtraction_and_take_range_in_the_misere_commands() {
    let first_line = |args: &[&str]| -> Vec<usize> {
        ok(args)
            .lines()
            .nth(1)
            .expect("the values")
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect()
    };
    // Nim: G⁻ of a single heap is 1, 0, 2, 3, ... (Winning Ways ch. 13), as 0.[3].
    let nim = first_line(&["grundy", "nim", "--to", "9", "--misere"]);
    assert_eq!(nim, misere_heap_values(|n| (0..n).collect(), 9));
    assert_eq!(nim[..4], [1, 0, 2, 3]);
    // Subtraction {1, 3, 4}: take 1, 3 or 4 tokens.
    let s = first_line(&["grundy", "subtraction", "1,3,4", "--to", "40", "--misere"]);
    let moves = |n: usize| {
        [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|k| n - k)
            .collect()
    };
    assert_eq!(s, misere_heap_values(moves, 40));
    // take_range 2 5: take 2 to 5 tokens, or the whole heap when fewer than 2 remain.
    let t = first_line(&["grundy", "take_range", "2", "5", "--to", "40", "--misere"]);
    let moves = |n: usize| -> Vec<usize> {
        if n == 1 {
            vec![0]
        } else {
            (2..=5).filter(|&k| k <= n).map(|k| n - k).collect()
        }
    };
    assert_eq!(t, misere_heap_values(moves, 40));
    // Misère quotients: heaps below 32 of Nim give the tame quotient of order 2^5 + 2
    // (Plambeck and Siegel, "Misère quotients for impartial games", 2008); bad sets are
    // one-line errors.
    assert!(ok(&["quotient", "nim"]).contains("|Q| = 34, |P| = 2"));
    let e = clean_error(&["grundy", "subtraction", "1,x", "--misere", "--to", "5"]);
    assert!(e.contains("\"x\" in the subtraction set"), "{e}");
}
