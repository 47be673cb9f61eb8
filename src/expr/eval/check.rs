//! The names of a tree, resolved before anything is evaluated: every name is a variable the
//! input defines (by `:=`, `var`, `def`, a parameter or a loop variable) or the worksheet
//! holds, or a name every worksheet knows; every call is of a variable, a function, a family
//! or a ruleset; every method is one the language has. So a misspelt name is reported at once,
//! not after an expensive family call elsewhere in the input.

use super::super::ast::{Argument, Call, Expr, ExprKind};
use super::super::functions::{self, function};
use super::super::methods::{self, method};
use super::super::{builtins, loopy, names, Scope};
use super::error::{fail, EResult, EvalError};
use crate::rulesets;
use crate::suggest;
use std::collections::HashSet;

/// How the error of an unknown name inside braces begins: the name of a missing label.
pub(crate) const UNLABELLED: &str = "no position is labelled";

/// The name of the impartial closure, `impartial(G)`.
pub(super) const IMPARTIAL: &str = "impartial";

/// Resolves every name, call and method of `root` in `scope`, with the variables `known`
/// defined before it: the first error in the input, if any. Walks the tree with an explicit
/// stack.
pub(crate) fn check(root: &Expr, scope: Scope, known: &[String]) -> EResult<()> {
    let mut defined: HashSet<&str> = known.iter().map(String::as_str).collect();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::Assign(pair) => {
                if let ExprKind::Name(n) = &pair.0.kind {
                    defined.insert(n);
                }
            }
            ExprKind::Var(n, _) => {
                defined.insert(n);
            }
            ExprKind::Function(f) => {
                defined.extend(f.params.iter().map(|p| p.name.as_str()));
                stack.push(&f.body);
                stack.extend(f.params.iter().filter_map(|p| p.default.as_ref()));
            }
            ExprKind::Loop(l) => {
                defined.extend(
                    l.clauses
                        .iter()
                        .filter_map(|c| c.var.as_ref().map(|v| v.0.as_str())),
                );
            }
            _ => {}
        }
        stack.extend(e.children());
    }
    let mut first: Option<EvalError> = None;
    // Each node with whether it stands inside a game's braces (where an unknown name may be a
    // label of another literal).
    let mut stack = vec![(root, false)];
    while let Some((e, in_braces)) = stack.pop() {
        let found = match &e.kind {
            ExprKind::Call(c) if defined.contains(c.name.as_str()) => Ok(()),
            ExprKind::Call(c) => check_call(c, scope),
            ExprKind::Methods(_, calls) => calls.iter().try_for_each(check_method),
            ExprKind::Name(n) => check_name(n, e, scope, &defined, in_braces),
            ExprKind::Function(f) => {
                stack.push((&f.body, false));
                stack.extend(
                    f.params
                        .iter()
                        .filter_map(|p| p.default.as_ref())
                        .map(|d| (d, false)),
                );
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(err) = found {
            if first.as_ref().is_none_or(|f| err.span.start < f.span.start) {
                first = Some(err);
            }
        }
        let inside = in_braces || matches!(e.kind, ExprKind::Braces { .. });
        stack.extend(e.children().into_iter().map(|c| (c, inside)));
    }
    first.map_or(Ok(()), Err)
}

fn check_name(
    name: &str,
    e: &Expr,
    scope: Scope,
    defined: &HashSet<&str>,
    in_braces: bool,
) -> EResult<()> {
    if defined.contains(name) || names::global(name).is_some() {
        return Ok(());
    }
    if in_braces {
        // A label names its braces for what follows them in the same literal, not beyond.
        return fail(
            e.span,
            format!("{UNLABELLED} '{name}' in this literal (a label names the braces it is written before, e.g. a{{0|a}}), and no variable is named {name}"),
        );
    }
    let families: Vec<&str> = match scope {
        Scope::Core => Vec::new(),
        Scope::Families => rulesets::FAMILIES.iter().map(|f| f.name()).collect(),
    };
    if families.contains(&name) {
        return Ok(());
    }
    let candidates: Vec<String> = defined
        .iter()
        .map(|d| d.to_string())
        .chain(names::global_names().map(str::to_string))
        .chain(families.iter().map(|f| f.to_string()))
        .collect();
    let near = suggest::suggest(name, candidates.iter().map(String::as_str));
    fail(
        e.span,
        format!(
            "unknown name '{name}'{}",
            if near.is_empty() {
                "; a game, a variable defined with :=, or a call such as nim(7) was expected"
                    .to_string()
            } else {
                suggest::did_you_mean(&near)
            }
        ),
    )
}

pub(super) fn check_call(c: &Call, scope: Scope) -> EResult<()> {
    let name = c.name.as_str();
    if let Some(f) = function(name) {
        return check_arguments(c, f.params.len(), || f.usage(name));
    }
    if builtins::function(name).is_some() {
        return Ok(());
    }
    if scope == Scope::Families
        && (rulesets::family(name).is_some() || names::ruleset(name).is_some())
    {
        return Ok(());
    }
    if scope == Scope::Families && name == IMPARTIAL {
        return check_arguments(c, 1, || {
            "impartial(G), G a position of a family".to_string()
        });
    }
    let families: Vec<&str> = match scope {
        Scope::Core => Vec::new(),
        Scope::Families => rulesets::FAMILIES.iter().map(|f| f.name()).collect(),
    };
    let near = suggest::suggest(
        name,
        families
            .iter()
            .copied()
            .chain(functions::spellings())
            .chain(builtins::function_names())
            .chain(names::global_names()),
    );
    if !near.is_empty() {
        return fail(
            c.name_span,
            format!("unknown function '{name}'{}", suggest::did_you_mean(&near)),
        );
    }
    let hint = match scope {
        Scope::Core => {
            "no game families are registered here (use partizan::eval or the CLI)".to_string()
        }
        Scope::Families => "`partizan families` lists the families".to_string(),
    };
    fail(
        c.name_span,
        format!(
            "unknown function '{name}'; {hint}; the functions: {}",
            functions::all_names()
        ),
    )
}

pub(super) fn check_method(c: &Call) -> EResult<()> {
    let name = c.name.as_str();
    if let Some(m) = method(name) {
        if builtins::is_method(name) {
            return Ok(());
        }
        return check_arguments(c, m.params.len(), || m.usage(name));
    }
    if let Some(m) = loopy::method(name) {
        if builtins::is_method(name) {
            return Ok(());
        }
        return check_arguments(c, m.params.len(), || m.usage(name));
    }
    if builtins::is_method(name) || names::member_names().any(|n| n == name) {
        return Ok(());
    }
    let spellings = methods::spellings()
        .chain(loopy::spellings())
        .chain(builtins::method_names());
    let near = suggest::suggest(name, spellings);
    let message = if near.is_empty() {
        format!(
            "unknown method '{name}', and no method is spelt like it (docs/NOTATION.md, Methods, lists them)"
        )
    } else {
        format!("unknown method '{name}'{}", suggest::did_you_mean(&near))
    };
    fail(c.name_span, message)
}

/// Checks that the call `c` has `params` positional arguments and no named one; `usage` shows
/// the right call in the message.
pub(super) fn check_arguments(c: &Call, params: usize, usage: impl Fn() -> String) -> EResult<()> {
    let name = c.name.as_str();
    let args = c.arguments();
    if let Some(Argument { name: Some(n), .. }) = args.iter().find(|a| a.name.is_some()) {
        return fail(c.span, format!("'{name}' takes no named argument '{n}'"));
    }
    if args.len() != params {
        let plural = if params == 1 { "" } else { "s" };
        return fail(
            c.span,
            format!("{name} takes {params} argument{plural}: {}", usage()),
        );
    }
    Ok(())
}
