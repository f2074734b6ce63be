//! A tiny SMTP server for the tests, on 127.0.0.1:0: real SMTP over TCP, just enough of RFC 5321
//! for lettre (EHLO, AUTH, MAIL, RCPT, DATA, RSET, NOOP, QUIT). It records every message it
//! accepts, or refuses every MAIL FROM with a given reply, or holds every RCPT TO until released.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// One accepted message: the envelope and the raw data (dot-unstuffed, CRLF line ends).
#[derive(Debug, Clone, Default)]
pub struct Received {
    pub mail_from: String,
    pub rcpt_to: Vec<String>,
    /// The decoded `AUTH PLAIN` credentials ("user:password"), if the client authenticated.
    pub auth: Option<String>,
    pub data: String,
    /// Which connection brought it (numbered from 1 in order of arrival).
    pub session: usize,
}

#[derive(Default)]
struct Log {
    messages: Vec<Received>,
    refusals: usize,
    sessions: usize,
}

/// How the sink answers.
#[derive(Clone, Default)]
struct Behaviour {
    /// While this says false, every RCPT TO waits for it to say true (counted in `Gate::waiting`).
    gate: Option<Gate>,
    /// Reply to every MAIL FROM with this instead of accepting.
    refuse: Option<&'static str>,
    /// Pause before accepting each message, like a busy server.
    delay: Duration,
}

#[derive(Clone)]
struct Gate {
    open: watch::Receiver<bool>,
    waiting: Arc<AtomicUsize>,
}

pub struct SmtpSink {
    pub port: u16,
    log: Arc<Mutex<Log>>,
    task: JoinHandle<()>,
    gate: Option<(watch::Sender<bool>, Arc<AtomicUsize>)>,
}

impl SmtpSink {
    /// Accepts every message.
    pub async fn start() -> SmtpSink {
        SmtpSink::spawn(Behaviour::default()).await
    }

    /// Accepts every message after a pause of `delay`.
    pub async fn slow(delay: Duration) -> SmtpSink {
        SmtpSink::spawn(Behaviour { delay, ..Behaviour::default() }).await
    }

    /// Answers every MAIL FROM with `reply`, e.g. "451 4.3.0 Try again later".
    pub async fn refusing(reply: &'static str) -> SmtpSink {
        SmtpSink::spawn(Behaviour { refuse: Some(reply), ..Behaviour::default() }).await
    }

    /// Keeps every delivery waiting at RCPT TO until `release`: nothing is accepted meanwhile,
    /// so a client killed while it waits has delivered nothing.
    pub async fn holding() -> SmtpSink {
        let (open, receiver) = watch::channel(false);
        let waiting = Arc::new(AtomicUsize::new(0));
        let mut sink =
            SmtpSink::spawn(Behaviour { gate: Some(Gate { open: receiver, waiting: waiting.clone() }), ..Behaviour::default() }).await;
        sink.gate = Some((open, waiting));
        sink
    }

    /// How many sessions wait at RCPT TO now.
    pub fn waiting(&self) -> usize {
        self.gate.as_ref().map_or(0, |(_, waiting)| waiting.load(Ordering::SeqCst))
    }

    /// Lets held and later deliveries through.
    pub fn release(&self) {
        if let Some((open, _)) = &self.gate {
            let _ = open.send(true);
        }
    }

    async fn spawn(behaviour: Behaviour) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let log = Arc::new(Mutex::new(Log::default()));
        let shared = log.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(session(stream, behaviour.clone(), shared.clone()));
            }
        });
        SmtpSink { port, log, task, gate: None }
    }

    /// SMTP_URL for this sink (no TLS: it is on the loopback).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn messages(&self) -> Vec<Received> {
        self.log.lock().unwrap().messages.clone()
    }

    pub fn refusals(&self) -> usize {
        self.log.lock().unwrap().refusals
    }

    /// Waits until at least `count` messages arrived (at most `seconds`), then returns them all.
    pub async fn wait_for(&self, count: usize, seconds: u64) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
        while self.messages().len() < count && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.messages()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn session(stream: TcpStream, behaviour: Behaviour, log: Arc<Mutex<Log>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    write.write_all(b"220 sink.test ESMTP ready\r\n").await?;
    let session = {
        let mut log = log.lock().unwrap();
        log.sessions += 1;
        log.sessions
    };
    let mut message = Received { session, ..Received::default() };
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end();
        let (verb, argument) = command.split_once(' ').unwrap_or((command, ""));
        let reply = match (verb.to_ascii_uppercase().as_str(), behaviour.refuse) {
            ("EHLO", _) => "250-sink.test\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 AUTH PLAIN LOGIN".to_owned(),
            ("HELO" | "NOOP", _) => "250 OK".to_owned(),
            ("AUTH", _) => {
                message.auth = decode_plain(argument);
                "235 2.7.0 Authenticated".to_owned()
            }
            ("MAIL", Some(refusal)) => {
                log.lock().unwrap().refusals += 1;
                refusal.to_owned()
            }
            ("MAIL", None) => {
                message.mail_from = argument.to_owned();
                "250 2.1.0 OK".to_owned()
            }
            ("RCPT", _) => {
                if let Some(gate) = &behaviour.gate {
                    gate.waiting.fetch_add(1, Ordering::SeqCst);
                    let _ = gate.open.clone().wait_for(|open| *open).await;
                    gate.waiting.fetch_sub(1, Ordering::SeqCst);
                }
                message.rcpt_to.push(argument.to_owned());
                "250 2.1.5 OK".to_owned()
            }
            ("DATA", _) => {
                write.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await?;
                message.data = read_data(&mut reader).await?;
                tokio::time::sleep(behaviour.delay).await;
                let next = Received { auth: message.auth.clone(), session, ..Received::default() };
                log.lock().unwrap().messages.push(std::mem::replace(&mut message, next));
                "250 2.0.0 Queued".to_owned()
            }
            ("RSET", _) => {
                message = Received { auth: message.auth.take(), session, ..Received::default() };
                "250 OK".to_owned()
            }
            ("QUIT", _) => {
                write.write_all(b"221 Bye\r\n").await?;
                return Ok(());
            }
            _ => "502 5.5.2 Command not recognized".to_owned(),
        };
        write.write_all(format!("{reply}\r\n").as_bytes()).await?;
    }
}

async fn read_data(reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>) -> std::io::Result<String> {
    let mut data = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 || line == ".\r\n" {
            return Ok(data);
        }
        data.push_str(line.strip_prefix('.').filter(|_| line.starts_with("..")).unwrap_or(&line));
    }
}

/// `AUTH PLAIN <base64 of \0user\0password>` as "user:password".
fn decode_plain(argument: &str) -> Option<String> {
    let encoded = argument.strip_prefix("PLAIN ")?;
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let mut fields = text.split('\0').skip(1);
    Some(format!("{}:{}", fields.next()?, fields.next()?))
}

/// Reading what arrived, as a mail client would: unfolded, decoded headers and body parts.
impl Received {
    fn head_and_body(&self) -> (&str, &str) {
        self.data.split_once("\r\n\r\n").unwrap_or((&self.data, ""))
    }

    /// A header's value, with RFC 2047 encoded words decoded.
    pub fn header(&self, name: &str) -> Option<String> {
        header_in(self.head_and_body().0, name)
    }

    /// The decoded body of the part whose Content-Type starts with `content_type` (e.g. "text/html").
    pub fn part(&self, content_type: &str) -> Option<String> {
        let boundary = self.header("content-type")?.split("boundary=").nth(1)?.trim_matches('"').to_owned();
        self.head_and_body().1.split(&format!("--{boundary}")).find_map(|part| {
            let (head, body) = part.trim_start_matches("\r\n").split_once("\r\n\r\n")?;
            header_in(head, "content-type")?.starts_with(content_type).then(|| decode_body(head, body))
        })
    }
}

/// A leaf MIME part as a client reads it, found by walking nested multiparts.
#[derive(Debug, Clone)]
pub struct Part {
    pub content_type: String,
    pub disposition: Option<String>,
    /// The body after its transfer encoding is undone, byte for byte.
    pub bytes: Vec<u8>,
}

impl Received {
    /// Every leaf part in order, however deeply multiparts nest (mixed > alternative > …).
    pub fn leaf_parts(&self) -> Vec<Part> {
        let (head, body) = self.head_and_body();
        let mut parts = Vec::new();
        walk(head, body, &mut parts);
        parts
    }
}

fn walk(head: &str, body: &str, out: &mut Vec<Part>) {
    let content_type = header_in(head, "content-type").unwrap_or_else(|| "text/plain".into());
    if content_type.to_ascii_lowercase().starts_with("multipart/") {
        let boundary = content_type.split("boundary=").nth(1).expect("a boundary").split(';').next().unwrap().trim_matches('"').to_owned();
        let delimiter = format!("\r\n--{boundary}");
        let body = format!("\r\n{body}");
        let mut segments = body.split(&delimiter).skip(1);
        for segment in segments.by_ref() {
            if segment.starts_with("--") {
                break;
            }
            let segment = segment.strip_prefix("\r\n").expect("a line end after the boundary");
            let (part_head, part_body) = segment.split_once("\r\n\r\n").unwrap_or((segment, ""));
            walk(part_head, part_body, out);
        }
        return;
    }
    let encoding = header_in(head, "content-transfer-encoding").unwrap_or_default().to_ascii_lowercase();
    let bytes = match encoding.as_str() {
        "base64" => base64::engine::general_purpose::STANDARD.decode(body.split_whitespace().collect::<String>()).expect("base64"),
        "quoted-printable" => decode_quoted_printable(body).into_bytes(),
        _ => body.as_bytes().to_vec(),
    };
    out.push(Part { content_type, disposition: header_in(head, "content-disposition"), bytes });
}

fn header_in(head: &str, name: &str) -> Option<String> {
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    let prefix = format!("{}:", name.to_ascii_lowercase());
    let line = unfolded.split("\r\n").find(|line| line.to_ascii_lowercase().starts_with(&prefix))?;
    Some(decode_words(line[prefix.len()..].trim()))
}

/// RFC 2047 `=?utf-8?b?…?=` words (what lettre writes); the blank between two encoded words
/// is not part of the text.
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut previous_encoded = false;
    for (i, word) in value.split(' ').enumerate() {
        let encoded = word.strip_prefix("=?utf-8?b?").and_then(|w| w.strip_suffix("?="));
        let decoded = encoded.and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok());
        if i > 0 && !(previous_encoded && decoded.is_some()) {
            out.push(' ');
        }
        previous_encoded = decoded.is_some();
        match decoded {
            Some(bytes) => out.push_str(&String::from_utf8_lossy(&bytes)),
            None => out.push_str(word),
        }
    }
    out
}

fn decode_body(head: &str, body: &str) -> String {
    let body = body.trim_end_matches("\r\n");
    let text = match header_in(head, "content-transfer-encoding").unwrap_or_default().to_ascii_lowercase().as_str() {
        "base64" => {
            let compact: String = body.split_whitespace().collect();
            String::from_utf8(base64::engine::general_purpose::STANDARD.decode(compact).unwrap()).unwrap()
        }
        "quoted-printable" => decode_quoted_printable(body),
        _ => body.to_owned(),
    };
    text.replace("\r\n", "\n")
}

fn decode_quoted_printable(body: &str) -> String {
    let joined = body.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'=').then(|| joined.get(i + 1..i + 3)).flatten();
        if let Some(byte) = escaped.and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}
