//! The little HTTP/1.1 the playground needs, on `std::net`: one request per connection
//! (every response says `Connection: close`), a head of at most [`MAX_HEAD`] bytes, a body
//! of at most [`MAX_BODY`] given by `Content-Length` (no chunked uploads), and responses
//! either whole or streamed until the connection closes.
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// The request line and headers together.
pub const MAX_HEAD: usize = 16 << 10;
/// A spec is at most 1 MiB (`syntax::text`); its JSON string, escaped, a little more.
pub const MAX_BODY: usize = 3 << 20;

#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path without its query.
    pub path: String,
    pub query: String,
    /// Names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// A parameter of the query string (`?name=value`), percent-decoded.
    pub fn param(&self, name: &str) -> Option<String> {
        self.query.split('&').find_map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (k == name).then(|| percent_decode(v))
        })
    }
}

/// Why a request could not be read: the status to answer with and why, or nothing to
/// answer (the client went away, or sent nothing).
#[derive(Debug)]
pub enum Refusal {
    Status(u16, String),
    Gone,
}

/// Reads one request from `stream`.
pub fn read_request(stream: &TcpStream) -> Result<Request, Refusal> {
    let mut reader = BufReader::new(stream.take((MAX_HEAD + MAX_BODY) as u64));
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let n = read_line(&mut reader, &mut head)?;
        if n == 0 {
            return Err(if before == 0 { Refusal::Gone } else { bad(400, "the request ended in its head") });
        }
        if head.len() > MAX_HEAD {
            return Err(bad(431, "the request's head is too long"));
        }
        if head[before..] == *b"\r\n" || head[before..] == *b"\n" {
            break;
        }
    }
    let head = String::from_utf8(head).map_err(|_| bad(400, "the request's head is not UTF-8"))?;
    let mut lines = head.lines();
    let line = lines.next().unwrap_or_default();
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad(400, "the request line is not `METHOD TARGET HTTP/1.1`"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(bad(505, "only HTTP/1.x is spoken here"));
    }
    let headers: Vec<(String, String)> = lines
        .filter(|l| !l.is_empty())
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut request =
        Request { method: method.into(), path: path.into(), query: query.into(), headers, body: Vec::new() };
    if request.header("transfer-encoding").is_some() {
        return Err(bad(411, "send the body with a Content-Length"));
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(v) => v.parse::<usize>().map_err(|_| bad(400, "Content-Length is not a number"))?,
    };
    if length > MAX_BODY {
        return Err(bad(413, &format!("the body is larger than {} MiB", MAX_BODY >> 20)));
    }
    request.body = vec![0; length];
    reader.read_exact(&mut request.body).map_err(|_| bad(400, "the body is shorter than its Content-Length"))?;
    Ok(request)
}

fn read_line(reader: &mut impl BufRead, into: &mut Vec<u8>) -> Result<usize, Refusal> {
    // A line is cut at the head's limit, so a client sending no newline cannot grow it.
    let mut limited = reader.take((MAX_HEAD + 1) as u64);
    match limited.read_until(b'\n', into) {
        Ok(n) => Ok(n),
        Err(e) if e.kind() == io::ErrorKind::WouldBlock || e.kind() == io::ErrorKind::TimedOut => {
            Err(bad(408, "the request took too long to arrive"))
        }
        Err(_) => Err(Refusal::Gone),
    }
}

fn bad(status: u16, why: &str) -> Refusal {
    Refusal::Status(status, why.to_string())
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Payload Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}

/// The status line and headers of a response; `length` `None` for a body streamed until the
/// connection closes.
pub fn head(status: u16, content_type: &str, length: Option<usize>, extra: &[(&str, &str)]) -> String {
    let mut h = format!("HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\n", reason(status));
    if let Some(n) = length {
        h += &format!("Content-Length: {n}\r\n");
    }
    // The page and its script come from here only; nothing else is fetched or framed.
    h += "Connection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
    h += "Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'\r\n";
    for (n, v) in extra {
        h += &format!("{n}: {v}\r\n");
    }
    h + "\r\n"
}

/// A whole response.
pub fn respond(stream: &mut impl Write, status: u16, content_type: &str, body: &[u8]) -> io::Result<()> {
    stream.write_all(head(status, content_type, Some(body.len()), &[]).as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parameters_are_decoded() {
        let r = Request {
            method: "GET".into(),
            path: "/".into(),
            query: "a=1&name=sudoku%2D9+x&bad=%zz&end=%4".into(),
            headers: Vec::new(),
            body: Vec::new(),
        };
        assert_eq!(r.param("a").as_deref(), Some("1"));
        assert_eq!(r.param("name").as_deref(), Some("sudoku-9 x"));
        assert_eq!(r.param("bad").as_deref(), Some("%zz"));
        assert_eq!(r.param("end").as_deref(), Some("%4"));
        assert_eq!(r.param("none"), None);
    }
}
