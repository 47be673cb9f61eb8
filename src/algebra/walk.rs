//! Bottom-up evaluation over game trees without recursion.
//!
//! The algebra's operations are defined by recursion on options: `G + H` from the sums of the
//! options, `−G` from the negated options, and so on. Recursing in Rust would use one call-stack
//! frame per level of the game tree, so a form born on day 100 000 would overflow a thread's
//! stack. [`evaluate`] runs such a recursion with explicit stacks on the heap instead.

/// The value of `root` under a recursive definition, computed children first without recursion.
///
/// `quick(k)` gives the value of `k` when it is known without its children (a base case or a
/// memo hit). Otherwise `children(k, out)` appends the keys whose values `k` needs, and
/// `combine(k, values)` computes the value of `k` from theirs, in the order they were listed.
///
/// A key listed by several parents is evaluated once for each unless `quick` finds it in a
/// memo that `combine` fills; the operations that use this keep such memos.
pub(crate) fn evaluate<K: Copy, V: Copy>(
    root: K,
    quick: impl Fn(K) -> Option<V>,
    children: impl Fn(K, &mut Vec<K>),
    mut combine: impl FnMut(K, &[V]) -> V,
) -> V {
    if let Some(v) = quick(root) {
        return v;
    }
    enum Task<K> {
        Expand(K),
        Combine(K, usize),
    }
    let mut tasks = vec![Task::Expand(root)];
    // The values of finished keys whose parent has not combined yet, in the parent's order.
    let mut values: Vec<V> = Vec::new();
    let mut kids: Vec<K> = Vec::new();
    while let Some(task) = tasks.pop() {
        match task {
            Task::Expand(k) => match quick(k) {
                Some(v) => values.push(v),
                None => {
                    // Each key expanded is work to come: an interruption point (see
                    // `crate::interrupt`; nothing here is half-written when it unwinds).
                    crate::interrupt::check();
                    kids.clear();
                    children(k, &mut kids);
                    tasks.push(Task::Combine(k, kids.len()));
                    tasks.extend(kids.iter().rev().map(|&c| Task::Expand(c)));
                }
            },
            Task::Combine(k, n) => {
                let at = values.len() - n;
                let v = combine(k, &values[at..]);
                values.truncate(at);
                values.push(v);
            }
        }
    }
    values.pop().expect("the root's value")
}
