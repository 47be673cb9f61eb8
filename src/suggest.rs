//! "Did you mean": the known names nearest to an unknown one (of a method, a function, a family).
//! It imports nothing from the crate, so every layer may use it.
//!
//! Names are compared without case and without underscores, so that CGSuite's spelling of a name
//! finds the snake_case one and the other way round (`Domineering` → `domineering`,
//! `outcome` → `OutcomeClass`). A candidate qualifies when it is the same name in another case,
//! when one name begins with the other, or when the edit distance (insertions, deletions and
//! substitutions of one character, and transpositions of two adjacent ones) is at most a third of
//! the longer name's length.

/// Up to three of `candidates` nearest to `name`, nearest first; of equally near ones, those
/// written in the same style as `name` (an initial capital or not) first.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let key = fold(name);
    if key.is_empty() {
        return Vec::new();
    }
    let capital = name.starts_with(|c: char| c.is_uppercase());
    let mut scored: Vec<(usize, bool, &str)> = candidates
        .into_iter()
        .filter_map(|c| {
            let k = fold(c);
            let score = if k == key {
                0
            } else if k.starts_with(&key) || key.starts_with(&k) {
                1
            } else {
                let d = distance(&key, &k);
                if d > key.chars().count().max(k.chars().count()) / 3 {
                    return None;
                }
                1 + d
            };
            let other_style = c.starts_with(|ch: char| ch.is_uppercase()) != capital;
            Some((score, other_style, c))
        })
        .collect();
    scored.sort();
    let mut out: Vec<&str> = Vec::new();
    for (_, _, c) in scored {
        if !out.contains(&c) && out.len() < 3 {
            out.push(c);
        }
    }
    out
}

/// ` did you mean a, b or c?`, or nothing when `names` is empty.
pub fn did_you_mean(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [init @ .., last] => format!("; did you mean {} or {last}?", init.join(", ")),
    }
}

/// The name in lower case without underscores.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The edit distance of `a` and `b` by characters, counting the transposition of two adjacent
/// characters as one edit (the optimal string alignment distance, Levenshtein's with Damerau's
/// transpositions).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: the distance of the first i characters of a and the first j of b.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_by_their_definition() {
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("flaw", "lawn"), 2);
        assert_eq!(distance("same", "same"), 0);
        assert_eq!(distance("maen", "mean"), 1);
    }

    #[test]
    fn near_names_are_suggested_and_far_ones_not() {
        let names = [
            "outcome_class",
            "OutcomeClass",
            "mean",
            "Mean",
            "domineering",
        ];
        assert_eq!(suggest("Outcome", names), ["OutcomeClass", "outcome_class"]);
        assert_eq!(suggest("Domineering", names), ["domineering"]);
        assert_eq!(suggest("maen", names), ["mean", "Mean"]);
        assert!(suggest("xyzzy", names).is_empty());
        assert_eq!(did_you_mean(&["a", "b", "c"]), "; did you mean a, b or c?");
    }
}
