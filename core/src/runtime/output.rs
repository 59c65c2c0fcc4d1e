//! A program's standard output and error as an engine writes them: handed to a host's
//! [`Sink`] while the program runs, through small buffers, with a limit on how much the
//! program may write.
//!
//! Buffering follows C's model so that a terminal shows the two streams interleaved as a
//! native program's would: standard output is written out when its buffer passes
//! [`BUFFER`] bytes, or at each newline when it is line-buffered (a host sets that for a
//! terminal); standard error at each newline (and past [`BUFFER`] bytes). Before input is
//! read, and at the end, what is buffered is written out (standard error first).

/// The buffer size past which output is written out.
pub const BUFFER: usize = 8192;

/// One of the program's two output streams.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// The reader of an output is gone (a closed pipe): the run ends, as a native program killed
/// by `SIGPIPE` would.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Closed;

/// Where a program's output goes as it runs.
pub trait Sink {
    /// Writes `bytes` of `stream`.
    fn write(&mut self, stream: Stream, bytes: &[u8]) -> Result<(), Closed>;
}

/// A sink that keeps everything (for hosts that show the output at the end).
#[derive(Clone, Debug, Default)]
pub struct Collect {
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
}

impl Sink for Collect {
    fn write(&mut self, stream: Stream, bytes: &[u8]) -> Result<(), Closed> {
        match stream {
            Stream::Stdout => self.stdout.extend_from_slice(bytes),
            Stream::Stderr => self.stderr.extend_from_slice(bytes),
        }
        Ok(())
    }
}

/// Why output stopped the program.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutputStop {
    /// It wrote its limit of bytes (the limit).
    Limit(u64),
    /// The sink's reader is gone.
    Closed,
}

/// A program's buffered output on its way to a sink.
pub struct Output<'s> {
    sink: Option<&'s mut dyn Sink>,
    own: Collect,
    out: Vec<u8>,
    err: Vec<u8>,
    written: u64,
    max: u64,
    line_buffered: bool,
    stopped: Option<OutputStop>,
}

impl std::fmt::Debug for Output<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output").field("written", &self.written).field("max", &self.max).finish()
    }
}

impl<'s> Output<'s> {
    /// Output to `sink` (or kept, see [`Output::take_kept`]) of at most `max` bytes over both
    /// streams; `line_buffered`: standard output is written out at each newline.
    pub fn new(sink: Option<&'s mut dyn Sink>, max: u64, line_buffered: bool) -> Output<'s> {
        Output {
            sink,
            own: Collect::default(),
            out: Vec::new(),
            err: Vec::new(),
            written: 0,
            max,
            line_buffered,
            stopped: None,
        }
    }

    /// A copy without the sink (for a debugger's snapshot of a run that keeps its output).
    pub fn detached<'t>(&self) -> Output<'t> {
        Output {
            sink: None,
            own: self.own.clone(),
            out: self.out.clone(),
            err: self.err.clone(),
            written: self.written,
            max: self.max,
            line_buffered: self.line_buffered,
            stopped: self.stopped,
        }
    }

    /// What a run without a sink wrote so far, buffered or not: standard output and error.
    pub fn so_far(&self) -> (Vec<u8>, Vec<u8>) {
        let mut out = self.own.stdout.clone();
        out.extend_from_slice(&self.out);
        let mut err = self.own.stderr.clone();
        err.extend_from_slice(&self.err);
        (out, err)
    }

    /// Host bytes this output holds (for a debugger's snapshot budget).
    pub fn held(&self) -> usize {
        self.own.stdout.capacity()
            + self.own.stderr.capacity()
            + self.out.capacity()
            + self.err.capacity()
    }

    /// Bytes the program wrote so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Appends the program's `bytes` to `stream`: up to the limit, writing out full buffers.
    /// An error once the limit is reached or the reader is gone (and on every call after).
    pub fn emit(&mut self, stream: Stream, bytes: &[u8]) -> Result<(), OutputStop> {
        if let Some(s) = self.stopped {
            return Err(s);
        }
        let room = usize::try_from(self.max.saturating_sub(self.written)).unwrap_or(usize::MAX);
        let part = bytes.get(..room).unwrap_or(bytes);
        self.written += part.len() as u64;
        let (buf, line) = match stream {
            Stream::Stdout => (&mut self.out, self.line_buffered),
            Stream::Stderr => (&mut self.err, true),
        };
        buf.extend_from_slice(part);
        if buf.len() >= BUFFER || (line && part.contains(&b'\n')) {
            self.flush_stream(stream)?;
        }
        if part.len() < bytes.len() {
            self.flush()?;
            let stop = OutputStop::Limit(self.max);
            self.stopped = Some(stop);
            return Err(stop);
        }
        Ok(())
    }

    fn flush_stream(&mut self, stream: Stream) -> Result<(), OutputStop> {
        let buf = match stream {
            Stream::Stdout => &mut self.out,
            Stream::Stderr => &mut self.err,
        };
        if buf.is_empty() {
            return Ok(());
        }
        let r = match self.sink.as_deref_mut() {
            Some(sink) => sink.write(stream, buf),
            None => self.own.write(stream, buf),
        };
        buf.clear();
        if buf.capacity() > 4 * BUFFER {
            *buf = Vec::new();
        }
        r.map_err(|Closed| {
            self.stopped = Some(OutputStop::Closed);
            OutputStop::Closed
        })
    }

    /// Writes out everything buffered: standard error, then standard output.
    pub fn flush(&mut self) -> Result<(), OutputStop> {
        let e = self.flush_stream(Stream::Stderr);
        let o = self.flush_stream(Stream::Stdout);
        e.and(o)
    }

    /// Writes out buffered standard output when it is line-buffered (before reading input,
    /// as C does for a terminal).
    pub fn flush_for_input(&mut self) {
        if self.line_buffered {
            let _ = self.flush_stream(Stream::Stdout);
        }
    }

    /// What a run without a sink kept: its standard output and error.
    pub fn take_kept(&mut self) -> Collect {
        std::mem::take(&mut self.own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records each write the sink sees.
    #[derive(Default)]
    struct Log(Vec<(Stream, Vec<u8>)>, usize);

    impl Sink for Log {
        fn write(&mut self, stream: Stream, bytes: &[u8]) -> Result<(), Closed> {
            self.0.push((stream, bytes.to_vec()));
            if self.0.len() > self.1 {
                return Err(Closed);
            }
            Ok(())
        }
    }

    #[test]
    fn buffers_like_c_and_stops_at_the_limit() {
        let mut log = Log(Vec::new(), 100);
        let mut o = Output::new(Some(&mut log), 20, false);
        assert_eq!(o.emit(Stream::Stdout, b"ab\ncd"), Ok(()));
        assert_eq!(o.emit(Stream::Stderr, b"e"), Ok(()));
        assert_eq!(o.emit(Stream::Stderr, b"f\ng"), Ok(()));
        assert_eq!(o.emit(Stream::Stdout, b"0123456789xyz"), Err(OutputStop::Limit(20)));
        assert_eq!(o.written(), 20);
        assert_eq!(o.emit(Stream::Stdout, b"!"), Err(OutputStop::Limit(20)));
        let seen: Vec<(Stream, &[u8])> = log.0.iter().map(|(s, b)| (*s, &b[..])).collect();
        assert_eq!(
            seen,
            [(Stream::Stderr, &b"ef\ng"[..]), (Stream::Stdout, &b"ab\ncd0123456789x"[..]),]
        );
    }

    #[test]
    fn line_buffered_stdout_and_a_closed_reader() {
        let mut log = Log(Vec::new(), 1);
        let mut o = Output::new(Some(&mut log), 1 << 20, true);
        assert_eq!(o.emit(Stream::Stdout, b"a\n"), Ok(()));
        assert_eq!(o.emit(Stream::Stdout, b"b"), Ok(()));
        assert_eq!(o.emit(Stream::Stdout, b"\n"), Err(OutputStop::Closed));
        assert_eq!(o.emit(Stream::Stdout, b"c\n"), Err(OutputStop::Closed));
        assert_eq!(log.0.len(), 2);
        let big = vec![b'x'; BUFFER];
        let mut kept = Output::new(None, u64::MAX, false);
        assert_eq!(kept.emit(Stream::Stdout, &big), Ok(()));
        assert_eq!(kept.emit(Stream::Stderr, b"e"), Ok(()));
        assert_eq!(kept.flush(), Ok(()));
        let c = kept.take_kept();
        assert_eq!((c.stdout.len(), c.stderr.as_slice()), (BUFFER, &b"e"[..]));
    }
}
