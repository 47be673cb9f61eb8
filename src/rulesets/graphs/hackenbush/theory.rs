//! The values Hackenbush's theory gives without search: Blue-Red stalks by Berlekamp's
//! sign-expansion rule, Blue-Red trees by the colon principle, and Green pictures by the colon
//! principle and the fusion principle (WW ch. 2, 7; LIP ch. 2).

use crate::algebra::Game;

use super::picture::{Colour, Picture};

/// The value of a Blue-Red stalk, given bottom to top, by Berlekamp's sign-expansion rule
/// (WW ch. 2): the initial run of the bottom colour counts ±1 an edge, and the `j`-th
/// edge after the first change of colour `±1/2^j` (+ Blue, − Red). `None` if an edge is Green.
pub fn sign_expansion(stalk: &[Colour]) -> Option<Game> {
    let sign = |c: Colour| -> Option<i64> {
        match c {
            Colour::Blue => Some(1),
            Colour::Red => Some(-1),
            Colour::Green => None,
        }
    };
    let run = stalk
        .iter()
        .take_while(|&&c| Some(c) == stalk.first().copied());
    let integer: i64 = run.clone().map(|&c| sign(c)).sum::<Option<i64>>()?;
    let k = run.count();
    // The fractional part: numerator over 2^(number of edges after the run).
    let tail = &stalk[k..];
    let mut numerator = num_bigint::BigInt::from(0);
    for (j, &c) in tail.iter().enumerate() {
        let shift = tail.len() - 1 - j;
        numerator += num_bigint::BigInt::from(sign(c)?) << shift;
    }
    let total = (num_bigint::BigInt::from(integer) << tail.len()) + numerator;
    Some(Game::dyadic(total, tail.len() as u64))
}

/// The value of a picture that is a tree standing on the ground (connected, without cycles or
/// loops), by the colon principle: a vertex is worth the sum of its branches, and a branch, an
/// edge with the tree above its top vertex, is the ordinal sum `e : H` of the edge (`1`, `−1` or
/// `*`) and the value `H` of that tree, which depends only on `H`'s value (ONAG ch. 15; CGT
/// §II.4). For a number `x` above a Blue edge, `1 : x` has the sign expansion of `x` after one
/// `+` (CGT §II.4), which is `(x + n) / 2^(n−1)` for the least integer `n ≥ 1` with
/// `x + n > 1`; above a Red edge it is the negative of that for `−x`. `None` for a picture that
/// is not a tree.
pub fn tree_value(p: &Picture) -> Option<Game> {
    let n = p.vertex_count();
    if p.edges.len() + 1 != n {
        return None;
    }
    let mut adjacent: Vec<Vec<(u32, Colour)>> = vec![Vec::new(); n];
    for e in &p.edges {
        adjacent[e.a as usize].push((e.b, e.colour));
        adjacent[e.b as usize].push((e.a, e.colour));
    }
    // Vertices from the ground outwards, each with the edge to its parent; with n − 1 edges,
    // reaching every vertex means there is no cycle.
    let mut order: Vec<u32> = vec![0];
    let mut parent: Vec<Option<(u32, Colour)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &(u, c) in &adjacent[v as usize] {
            if !seen[u as usize] {
                seen[u as usize] = true;
                parent[u as usize] = Some((v, c));
                order.push(u);
            }
        }
    }
    if order.len() != n {
        return None;
    }
    let mut value = vec![Game::zero(); n];
    for &v in order.iter().rev() {
        if let Some((up, colour)) = parent[v as usize] {
            let branch = edge_under(colour, value[v as usize]);
            value[up as usize] += branch;
        }
    }
    Some(value[0])
}

/// The ordinal sum `e : h` of a single edge `e` of `colour` and a game `h` (see [`tree_value`]).
fn edge_under(colour: Colour, h: Game) -> Game {
    use crate::algebra::Number;
    // 1 : x for a number x: (x + n) / 2^(n−1), n the least integer >= 1 with x + n > 1.
    let blue_over = |x: &Number| {
        let n: num_bigint::BigInt = (Number::one() - x).floor() + 1;
        let n = n.max(num_bigint::BigInt::from(1));
        let shift = i64::try_from(&n - 1).ok()?;
        Some(Game::number((x + Number::from(n)).mul_pow2(-shift)))
    };
    let number = h.as_number();
    let shortcut = match (colour, number) {
        (Colour::Blue, Some(x)) => blue_over(x),
        (Colour::Red, Some(x)) => blue_over(&-x).map(|g| -g),
        _ => None,
    };
    shortcut.unwrap_or_else(|| {
        let base = match colour {
            Colour::Blue => Game::integer(1),
            Colour::Red => Game::integer(-1),
            Colour::Green => Game::star(),
        };
        base.ordinal_sum(&h)
    })
}

/// The Green-Hackenbush weighted-edge rule: a child subtree of nim value `g` joined to its parent
/// by `weight` parallel Green edges contributes `g + 1` when `weight = 1` (the colon principle),
/// `g` when `weight` is even and `g ⊕ 1` when `weight` is odd and greater than 1 (the parallel
/// edges fuse the child into the parent and become `weight` loops, each a twig `*1`). A weight of
/// 0 (no edge) contributes nothing.
pub fn green_bundle(g: u64, weight: u64) -> u64 {
    match weight {
        0 => 0,
        1 => g + 1,
        w if w % 2 == 0 => g,
        _ => g ^ 1,
    }
}

/// The nim value of a Green picture by the fusion and colon principles (see the module
/// documentation). Edges of other colours are treated as Green.
pub fn green_value(p: &Picture) -> u64 {
    let n = p.vertex_count();
    let m = p.edges.len();
    // Bridges by Tarjan's low-link, iteratively, with parallel edges and loops not bridges.
    let mut adjacent: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
    for (i, e) in p.edges.iter().enumerate() {
        adjacent[e.a as usize].push((e.b, i));
        if e.a != e.b {
            adjacent[e.b as usize].push((e.a, i));
        }
    }
    let mut order = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut bridge = vec![false; m];
    let mut counter = 0;
    for root in 0..n {
        if order[root] != u32::MAX {
            continue;
        }
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        // (vertex, edge used to enter it, next index in its adjacency list)
        let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
        while let Some(top) = stack.last_mut() {
            let (v, via, next) = *top;
            if let Some(&(u, i)) = adjacent[v].get(next) {
                top.2 += 1;
                if i == via {
                    continue;
                }
                let u = u as usize;
                if order[u] == u32::MAX {
                    order[u] = counter;
                    low[u] = counter;
                    counter += 1;
                    stack.push((u, i, 0));
                } else {
                    low[v] = low[v].min(order[u]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[v]);
                    if low[v] > order[parent] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    // Fuse the 2-edge-connected blocks: union the ends of every non-bridge edge.
    let mut block: Vec<usize> = (0..n).collect();
    fn find(block: &mut [usize], mut x: usize) -> usize {
        while block[x] != x {
            block[x] = block[block[x]];
            x = block[x];
        }
        x
    }
    let mut loops = vec![0u64; n];
    for (i, e) in p.edges.iter().enumerate() {
        if !bridge[i] {
            let (x, y) = (
                find(&mut block, e.a as usize),
                find(&mut block, e.b as usize),
            );
            block[x] = y;
        }
    }
    for (i, e) in p.edges.iter().enumerate() {
        if !bridge[i] {
            let x = find(&mut block, e.a as usize);
            loops[x] += 1;
        }
    }
    // The tree of bridges between blocks, evaluated from the ground's block by the colon
    // principle (post-order, iteratively).
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in p.edges.iter().enumerate() {
        if bridge[i] {
            let (x, y) = (
                find(&mut block, e.a as usize),
                find(&mut block, e.b as usize),
            );
            tree[x].push(y);
            tree[y].push(x);
        }
    }
    let root = find(&mut block, 0);
    let mut value = vec![0u64; n];
    let mut seen = vec![false; n];
    let mut stack = vec![(root, usize::MAX, false)];
    while let Some((v, parent, done)) = stack.pop() {
        if done {
            let mut g = loops[v] % 2;
            for &u in &tree[v] {
                if u != parent {
                    g ^= value[u] + 1;
                }
            }
            value[v] = g;
            continue;
        }
        seen[v] = true;
        stack.push((v, parent, true));
        for &u in &tree[v] {
            if u != parent && !seen[u] {
                stack.push((u, v, false));
            }
        }
    }
    value[root]
}
