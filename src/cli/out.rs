//! What a command's work returns and where its results go: [`Failure`], the reason a command
//! ended early (and its exit status), and [`Out`], standard output that never panics.

use super::monitor;
use std::io::Write;

/// Why a command ended before its end.
pub enum Failure {
    /// Bad input or a failed computation: one `error:` line on stderr, exit status 2.
    Error(String),
    /// The reader of standard output went away (`partizan ... | head`): a Unix tool ends
    /// quietly with status 0, as it would by SIGPIPE, which Rust ignores.
    ClosedPipe,
    /// Stopped by Ctrl-C (after saving, or after printing a table's finished rows): the
    /// message on stderr, exit status 130.
    Interrupted(String),
    /// The command has said everything on standard output and ends with this status and no
    /// `error:` line (`partizan test`: 1 when a case failed).
    Status(u8),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Error(message)
    }
}

impl From<partizan::Error> for Failure {
    fn from(e: partizan::Error) -> Failure {
        Failure::Error(e.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::ClosedPipe,
            _ => Failure::Error(format!("cannot write the output: {e}")),
        }
    }
}

/// Standard output, for results: clears the progress line first, and turns a write error into
/// a [`Failure`] (never a panic, as `println!` would).
pub struct Out(pub std::io::StdoutLock<'static>);

impl Out {
    /// Writes `text` as it is.
    pub fn print(&mut self, text: &str) -> Result<(), Failure> {
        monitor::clear();
        self.0.write_all(text.as_bytes())?;
        Ok(self.0.flush()?)
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: impl std::fmt::Display) -> Result<(), Failure> {
        monitor::clear();
        writeln!(self.0, "{text}")?;
        Ok(())
    }
}

/// A writer that remembers whether the reader went away, so that the library's write error
/// can end the command quietly, as [`Failure::ClosedPipe`].
pub struct PipeAware<'a, W: Write> {
    pub inner: &'a mut W,
    pub closed: bool,
}

impl<W: Write> Write for PipeAware<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        if matches!(&r, Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe) {
            self.closed = true;
        }
        r
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
