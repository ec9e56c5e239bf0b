//! The browser's conversations: a game or a drill run as `crib game --json` and `crib train
//! --json` run, on a thread of its own, its answers sent in by the page and its JSON events
//! handed back up to the next question.

use std::collections::HashMap;
use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::Notify;

/// What a conversation has said so far, and whether it is over.
#[derive(Default)]
struct Said {
    /// Every event, as JSON, in order.
    events: Vec<Value>,
    /// The bytes of a line not yet ended.
    partial: Vec<u8>,
    /// The command has ended.
    over: bool,
}

/// The events of one conversation, shared by its thread and the server.
#[derive(Default)]
pub struct Events {
    said: Mutex<Said>,
    changed: Notify,
}

impl Events {
    fn said(&self) -> MutexGuard<'_, Said> {
        self.said
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The command has ended; `error` what stopped it, if anything did.
    pub fn end(&self, error: Option<String>) {
        let mut said = self.said();
        if let Some(error) = error {
            said.events
                .push(serde_json::json!({"event": "error", "error": error}));
        }
        said.over = true;
        drop(said);
        self.changed.notify_waiters();
    }

    /// The events from `from` up to the next question (or the end), once there is one; after
    /// `wait`, those there are so far, still thinking.
    pub async fn up_to_question(&self, from: usize, wait: Duration) -> (Vec<Value>, Ended) {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            {
                let said = self.said();
                let new = said.events.get(from..).unwrap_or_default();
                if let Some(at) = new.iter().position(is_question) {
                    return (new[..=at].to_vec(), Ended::Question);
                }
                if said.over {
                    return (new.to_vec(), Ended::Over);
                }
                if tokio::time::Instant::now() >= deadline {
                    return (new.to_vec(), Ended::Thinking);
                }
            }
            let _ = tokio::time::timeout_at(deadline, changed).await;
        }
    }
}

/// Where a reply to the page ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// At the next question.
    Question,
    /// At the end of the game or drill.
    Over,
    /// Still thinking when the wait ran out: the page asks again for the rest.
    Thinking,
}

/// Whether an event asks the player something.
fn is_question(event: &Value) -> bool {
    event.get("event").and_then(Value::as_str) == Some("prompt")
}

/// The command's standard output: each line an event.
pub struct EventWriter(pub Arc<Events>);

impl Write for EventWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut said = self.0.said();
        said.partial.extend_from_slice(bytes);
        let mut added = false;
        while let Some(end) = said.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = said.partial.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            let event = serde_json::from_str(text.trim())
                .unwrap_or_else(|_| serde_json::json!({"event": "text", "text": text.trim()}));
            said.events.push(event);
            added = true;
        }
        drop(said);
        if added {
            self.0.changed.notify_waiters();
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The command's standard input: the answers the page sends, a line each; the end of input
/// once the conversation is dropped.
pub struct Answers {
    from: Receiver<String>,
    line: Vec<u8>,
    at: usize,
}

impl Read for Answers {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.line[self.at..self.at + n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Answers {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.line.len() {
            match self.from.recv() {
                Ok(answer) => {
                    self.line = format!("{answer}\n").into_bytes();
                    self.at = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// One conversation: where its answers go, what it has said, and how far the page has read.
pub struct Conversation {
    answers: Option<SyncSender<String>>,
    /// Its thread, to wait for once it is told to stop.
    thread: Option<std::thread::JoinHandle<()>>,
    /// What it has said.
    pub events: Arc<Events>,
    /// The answers taken so far: the next answer must name this number.
    pub answered: u64,
    /// How many events the page has been given.
    pub given: usize,
    /// When the page last spoke.
    pub touched: Instant,
}

impl Conversation {
    /// Start `command` (given its input and output) on a thread of its own.
    pub fn start(
        command: impl FnOnce(Answers, EventWriter) -> Option<String> + Send + 'static,
    ) -> io::Result<Conversation> {
        let (send, from) = sync_channel(4);
        let events = Arc::new(Events::default());
        let theirs = Arc::clone(&events);
        let thread = std::thread::Builder::new()
            .name("crib-serve-conversation".into())
            .spawn(move || {
                let input = Answers {
                    from,
                    line: Vec::new(),
                    at: 0,
                };
                let error = command(input, EventWriter(Arc::clone(&theirs)));
                theirs.end(error);
            })?;
        Ok(Conversation {
            answers: Some(send),
            thread: Some(thread),
            events,
            answered: 0,
            given: 0,
            touched: Instant::now(),
        })
    }

    /// Send an answer; false when the command no longer reads.
    pub fn answer(&mut self, text: &str) -> bool {
        self.touched = Instant::now();
        self.answered += 1;
        self.answers
            .as_ref()
            .is_some_and(|send| send.try_send(text.to_owned()).is_ok())
    }

    /// End the conversation: the command reads the end of its input (a game saves and stops).
    pub fn close(&mut self) {
        self.answers = None;
    }

    /// Its thread, to wait for: once, after [`Conversation::close`].
    pub fn take_thread(&mut self) -> Option<std::thread::JoinHandle<()>> {
        self.thread.take()
    }
}

/// Every conversation under way, by its id.
#[derive(Default)]
pub struct Conversations {
    /// By id.
    pub by_id: HashMap<String, Conversation>,
}

impl Conversations {
    /// Close and forget those the page has left for longer than `idle`; how many.
    pub fn expire(&mut self, idle: Duration) -> usize {
        let before = self.by_id.len();
        self.by_id.retain(|_, c| {
            let keep = c.touched.elapsed() < idle;
            if !keep {
                c.close();
            }
            keep
        });
        before - self.by_id.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_read_line_by_line_up_to_each_question() {
        let events = Arc::new(Events::default());
        let mut out = EventWriter(Arc::clone(&events));
        write!(out, "{{\"event\": \"deal\"}}\n{{\"event\": \"pro").unwrap();
        assert_eq!(events.said().events.len(), 1);
        writeln!(out, "mpt\"}}").unwrap();
        writeln!(out, "not JSON").unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let wait = Duration::from_millis(10);
        let (said, ended) = runtime.block_on(events.up_to_question(0, wait));
        assert_eq!(said.len(), 2);
        assert_eq!(said[1]["event"], "prompt");
        assert_eq!(ended, Ended::Question);
        // After the question, no other yet: still thinking when the wait runs out.
        let (said, ended) = runtime.block_on(events.up_to_question(2, wait));
        assert_eq!(ended, Ended::Thinking);
        assert_eq!(said.len(), 1, "{said:?}");
        events.end(Some("stopped".into()));
        let (said, ended) = runtime.block_on(events.up_to_question(2, wait));
        assert_eq!(ended, Ended::Over);
        assert_eq!(said[0]["text"], "not JSON");
        assert_eq!(said[1]["error"], "stopped");
    }

    #[test]
    fn answers_are_lines_and_the_end_comes_when_the_page_leaves() {
        let (send, from) = sync_channel(4);
        let mut answers = Answers {
            from,
            line: Vec::new(),
            at: 0,
        };
        send.send("5h 6c".into()).unwrap();
        send.send("best".into()).unwrap();
        drop(send);
        let mut text = String::new();
        answers.read_to_string(&mut text).unwrap();
        assert_eq!(text, "5h 6c\nbest\n");
    }
}
