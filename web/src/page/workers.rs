//! The page's bookkeeping of one worker: request ids, what is in flight, what waits, and which
//! replies are stale, under the worker's policy. Plain Rust: the reducer owns one handle per
//! worker and turns what it returns into effects; `bridge` is the transport that carries them.

use crate::protocol::KindReply;
use std::collections::VecDeque;
use std::marker::PhantomData;

/// How a worker takes requests. Either way it works on one request at a time (a worker is one
/// thread); the policies differ in what a request made meanwhile does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Only the newest request matters (checking the text as it is typed): a request made
    /// while one is in flight waits, and replaces any request that was already waiting.
    LatestWins,
    /// Every request is answered, one after the other (runs, pass pipelines, their CFGs).
    OneAtATime,
}

/// What the page must do with a worker.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerOp<Req> {
    /// Send this request (starting the worker first if there is none).
    Post(Req),
    /// End the worker and whatever it is doing; the next post starts a fresh one.
    Terminate,
}

/// The page's side of one worker of kind `Req`/`Resp`.
#[derive(Debug)]
pub struct WorkerHandle<Req, Resp> {
    policy: Policy,
    next_id: u32,
    in_flight: Option<u32>,
    waiting: VecDeque<(u32, Req)>,
    reply: PhantomData<fn(Resp)>,
}

impl<Req, Resp: KindReply> WorkerHandle<Req, Resp> {
    /// A handle with nothing sent yet.
    pub fn new(policy: Policy) -> Self {
        WorkerHandle {
            policy,
            next_id: 1,
            in_flight: None,
            waiting: VecDeque::new(),
            reply: PhantomData,
        }
    }

    /// Asks for the request `make(id)`. Returns its id and, when the worker is idle, the post
    /// to carry out; otherwise the request waits (under [`Policy::LatestWins`], in place of any
    /// request that was waiting).
    pub fn request(&mut self, make: impl FnOnce(u32) -> Req) -> (u32, Option<WorkerOp<Req>>) {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        let req = make(id);
        if self.in_flight.is_none() {
            self.in_flight = Some(id);
            return (id, Some(WorkerOp::Post(req)));
        }
        if self.policy == Policy::LatestWins {
            self.waiting.clear();
        }
        self.waiting.push_back((id, req));
        (id, None)
    }

    /// Takes a reply. Returns it when it answers the request in flight, with what to do next:
    /// post the next waiting request, or (after an error) end the worker and drop the waiting
    /// requests. A reply to anything else (a stopped or replaced worker's, a duplicate) is
    /// stale: `None`, and nothing to do.
    pub fn receive(&mut self, reply: Resp) -> (Option<Resp>, Option<WorkerOp<Req>>) {
        let current = match (reply.id(), self.in_flight) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(id), Some(in_flight)) => id == in_flight,
        };
        if !current {
            return (None, None);
        }
        self.in_flight = None;
        if reply.error().is_some() {
            self.waiting.clear();
            return (Some(reply), Some(WorkerOp::Terminate));
        }
        let next = self.waiting.pop_front().map(|(id, req)| {
            self.in_flight = Some(id);
            WorkerOp::Post(req)
        });
        (Some(reply), next)
    }

    /// Stops the worker: what is in flight and what waits are dropped, and their replies will
    /// be stale.
    pub fn stop(&mut self) -> WorkerOp<Req> {
        self.in_flight = None;
        self.waiting.clear();
        WorkerOp::Terminate
    }

    /// True while a request is in flight or waiting.
    pub fn busy(&self) -> bool {
        self.in_flight.is_some()
    }

    /// True when request `id` is in flight or waiting.
    pub fn pending(&self, id: u32) -> bool {
        self.in_flight == Some(id) || self.waiting.iter().any(|(w, _)| *w == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{RunReply, RunReport};

    type Handle = WorkerHandle<&'static str, RunReply>;

    fn ok(id: u32) -> RunReply {
        RunReply::Ran(Box::new(RunReport::not_run(id, "")))
    }

    fn posted(op: Option<WorkerOp<&'static str>>) -> Option<&'static str> {
        match op {
            Some(WorkerOp::Post(r)) => Some(r),
            _ => None,
        }
    }

    #[test]
    fn latest_wins_sends_one_and_keeps_only_the_newest_waiting() {
        let mut h = Handle::new(Policy::LatestWins);
        let (a, op) = h.request(|_| "a");
        assert_eq!(posted(op), Some("a"));
        let (b, op) = h.request(|_| "b");
        assert!(op.is_none() && h.pending(b));
        let (c, op) = h.request(|_| "c");
        assert!(op.is_none() && h.pending(c) && !h.pending(b));
        let (got, next) = h.receive(ok(a));
        assert!(got.is_some());
        assert_eq!(posted(next), Some("c"), "b was replaced by c");
        // A second answer to `a`, or an answer to `b`, is stale; the answer to `c` empties it.
        assert!(h.receive(ok(a)).0.is_none());
        assert!(h.receive(ok(b)).0.is_none());
        let (got, next) = h.receive(ok(c));
        assert!(got.is_some() && next.is_none() && !h.busy());
    }

    #[test]
    fn one_at_a_time_answers_every_request_in_order() {
        let mut h = Handle::new(Policy::OneAtATime);
        let (a, _) = h.request(|_| "a");
        let (b, op) = h.request(|_| "b");
        let (c, _) = h.request(|_| "c");
        assert!(op.is_none() && h.pending(b) && h.pending(c));
        assert_eq!(posted(h.receive(ok(a)).1), Some("b"));
        assert_eq!(posted(h.receive(ok(b)).1), Some("c"));
        assert_eq!(h.receive(ok(c)).1, None);
    }

    #[test]
    fn stop_drops_everything_and_later_replies_are_stale() {
        let mut h = Handle::new(Policy::OneAtATime);
        let (a, _) = h.request(|_| "a");
        let (b, _) = h.request(|_| "b");
        assert_eq!(h.stop(), WorkerOp::Terminate);
        assert!(!h.busy() && !h.pending(a) && !h.pending(b));
        assert!(h.receive(ok(a)).0.is_none());
        assert!(h.receive(RunReply::failed(None, "x".into())).0.is_none(), "nothing in flight");
        // The next request goes out at once, with a new id.
        let (c, op) = h.request(|_| "c");
        assert!(c != a && c != b);
        assert_eq!(posted(op), Some("c"));
    }

    #[test]
    fn an_error_ends_the_worker_and_a_stale_error_is_dropped() {
        let mut h = Handle::new(Policy::LatestWins);
        let (a, _) = h.request(|_| "a");
        let (b, _) = h.request(|_| "b");
        // An error naming another request changes nothing.
        assert!(h.receive(RunReply::failed(Some(b), "x".into())).0.is_none());
        assert!(h.pending(a) && h.pending(b));
        // An error without an id is the in-flight request's: the worker goes, b is dropped.
        let (got, next) = h.receive(RunReply::failed(None, "crashed".into()));
        assert_eq!(
            got.and_then(|r| r.error().map(|e| e.message.clone())).as_deref(),
            Some("crashed")
        );
        assert_eq!(next, Some(WorkerOp::Terminate));
        assert!(!h.busy() && !h.pending(b));
        // `make` gets the new request's id.
        let (id, op) = h.request(|id| if id > b { "new" } else { "reused" });
        assert!(id > b);
        assert_eq!(posted(op), Some("new"));
    }
}
