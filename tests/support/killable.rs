//! Running puzc with a hard wall-clock kill: a hang is a failure, never a stuck test run.
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `cmd` (stdin and stdout closed off, stderr captured), killing it after `kill_after`.
/// Returns the exit code (`None` when killed here or ended by a signal), stderr (lossy
/// UTF-8) and the time it took.
pub fn run_killable(mut cmd: Command, kill_after: Duration) -> (Option<i32>, String, Duration) {
    cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("puzc starts");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stderr, &mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    });
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait on puzc") {
            break Some(s);
        }
        if started.elapsed() > kill_after {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let err = reader.join().unwrap();
    (status.and_then(|s| s.code()), err, started.elapsed())
}
