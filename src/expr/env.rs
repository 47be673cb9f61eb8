//! The names of a worksheet: frames of variables, chained from the innermost scope out, and the
//! closures that keep the frames they were written in.
//!
//! CGScript's rules (CGSuite 2.x): `x := v` assigns to the innermost enclosing scope that
//! already has `x`, and otherwise defines `x` in the innermost function being called (at the
//! top level, in the worksheet); `var x := v` defines `x` in the innermost block (`begin …
//! end`, a function's body or the worksheet). A function's parameters are a frame of its own,
//! and a closure keeps the frame it was created in, so two closures made by one call share it
//! (CGSuite's `EvalTest`, "Closure").

use super::ast::Function;
use super::value::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a frame belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FrameKind {
    /// The worksheet: its names last from one entry to the next.
    Worksheet,
    /// A call of a function: its parameters and the names it assigns.
    Call,
    /// A block `begin … end`, a loop's round: the names declared with `var` in it.
    Block,
}

/// A frame of variables and the frame around it.
#[derive(Debug)]
struct Frame {
    vars: Mutex<HashMap<String, Value>>,
    parent: Option<Env>,
    kind: FrameKind,
}

/// A chain of frames, innermost first: cheap to clone (a shared handle).
#[derive(Clone, Debug)]
pub(crate) struct Env(Arc<Frame>);

impl Env {
    /// A new worksheet's names.
    pub(crate) fn worksheet() -> Env {
        Env(Arc::new(Frame {
            vars: Mutex::new(HashMap::new()),
            parent: None,
            kind: FrameKind::Worksheet,
        }))
    }

    /// A new frame of `kind` inside this one.
    pub(crate) fn child(&self, kind: FrameKind) -> Env {
        Env(Arc::new(Frame {
            vars: Mutex::new(HashMap::new()),
            parent: Some(self.clone()),
            kind,
        }))
    }

    fn vars(&self) -> std::sync::MutexGuard<'_, HashMap<String, Value>> {
        self.0.vars.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The value of `name` in the innermost frame that has it.
    pub(crate) fn get(&self, name: &str) -> Option<Value> {
        let mut env = Some(self);
        while let Some(e) = env {
            if let Some(v) = e.vars().get(name) {
                return Some(v.clone());
            }
            env = e.0.parent.as_ref();
        }
        None
    }

    /// Whether some frame has `name`.
    pub(crate) fn has(&self, name: &str) -> bool {
        let mut env = Some(self);
        while let Some(e) = env {
            if e.vars().contains_key(name) {
                return true;
            }
            env = e.0.parent.as_ref();
        }
        false
    }

    /// `name := value`: in the innermost frame that has `name`, else in the innermost call (or
    /// the worksheet).
    pub(crate) fn assign(&self, name: &str, value: Value) {
        let mut env = Some(self);
        while let Some(e) = env {
            let mut vars = e.vars();
            if let Some(slot) = vars.get_mut(name) {
                *slot = value;
                return;
            }
            drop(vars);
            env = e.0.parent.as_ref();
        }
        let mut env = self;
        while env.0.kind == FrameKind::Block {
            env = env
                .0
                .parent
                .as_ref()
                .expect("a block is inside a call or the worksheet");
        }
        env.vars().insert(name.to_string(), value);
    }

    /// `var name := value`: in this frame.
    pub(crate) fn declare(&self, name: &str, value: Value) {
        self.vars().insert(name.to_string(), value);
    }

    /// The names of the outermost frame (the worksheet), for messages and the static check.
    pub(crate) fn worksheet_names(&self) -> Vec<String> {
        let mut env = self;
        while let Some(p) = env.0.parent.as_ref() {
            env = p;
        }
        env.vars().keys().cloned().collect()
    }

    /// Forgets every name of the worksheet (CGScript's `clear`).
    pub(crate) fn clear(&self) {
        self.vars().clear();
    }
}

/// A function value: the function and the frame it was created in.
#[derive(Clone, Debug)]
pub struct Closure {
    pub(crate) function: Arc<Function>,
    pub(crate) env: Env,
}

impl Closure {
    /// The function's parameters and body.
    pub fn function(&self) -> &Function {
        &self.function
    }
}

impl PartialEq for Closure {
    /// Functions are equal when they are the same function value.
    fn eq(&self, other: &Closure) -> bool {
        Arc::ptr_eq(&self.function, &other.function) && Arc::ptr_eq(&self.env.0, &other.env.0)
    }
}
