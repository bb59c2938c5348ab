//! The progress line of a long search, on stderr (the `indicatif` crate draws it).
//!
//! The search runs on the calling thread and publishes its counts every few thousand nodes
//! into a [`Published`] it is handed through its limits; a watcher thread sleeps for
//! [`delay`], and if the search is still running then, estimates the size of the tree
//! (Knuth's probes, `api::xcc::forecast`) and redraws one line five times a second until the
//! search ends, when the line is erased. Nothing is drawn, and no thread started, when
//! stderr is not a terminal or with `--quiet`: output in pipes and files stays the same
//! bytes on every run.
use crate::api::limits::Published;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, TryRecvError, channel};
use std::time::{Duration, Instant};

/// True while a search runs (inside [`while_running`]): a signal then stops the search
/// rather than the process (see `install_signal_handlers` in `cli/mod.rs`).
pub static SEARCHING: AtomicBool = AtomicBool::new(false);

/// True once the first instance of a `solve` has been searched: in a batch a signal between
/// two searches (reading, lowering, verifying or printing an instance) then stops the batch
/// before the next instance, with the `interrupted:` line, rather than ending the process
/// with nothing said (`Session::for_each_instance` looks at the flag between instances).
pub static BETWEEN_CASES: AtomicBool = AtomicBool::new(false);

/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(200);

/// Where a search publishes its counts, when a progress line should be drawn for it: stderr
/// is a terminal and `--quiet` was not given.
pub fn wanted(quiet: bool) -> Option<Arc<Published>> {
    (!quiet && std::io::stderr().is_terminal()).then(Arc::default)
}

/// How long a search runs before its line appears: one second, or `PUZC_PROGRESS_AFTER`
/// seconds (tests set 0 to see the line on a short search).
fn delay() -> Duration {
    std::env::var("PUZC_PROGRESS_AFTER")
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s.trim().parse().ok()?).ok())
        .unwrap_or(Duration::from_secs(1))
}

/// Runs `search` on this thread; with `published` (see [`wanted`]), a watcher draws the
/// progress line while it runs. `forecast` estimates the whole search's nodes (it is given a
/// function that says whether the search has ended, to give up early); it runs on the
/// watcher's thread, only once the line is due.
pub fn while_running<R>(
    published: Option<&Arc<Published>>,
    forecast: impl FnOnce(&dyn Fn() -> bool) -> Option<f64> + Send,
    search: impl FnOnce() -> R,
) -> R {
    SEARCHING.store(true, Ordering::SeqCst);
    let result = draw_while(published, forecast, search);
    SEARCHING.store(false, Ordering::SeqCst);
    result
}

fn draw_while<R>(
    published: Option<&Arc<Published>>,
    forecast: impl FnOnce(&dyn Fn() -> bool) -> Option<f64> + Send,
    search: impl FnOnce() -> R,
) -> R {
    let Some(published) = published else { return search() };
    let started = Instant::now();
    let (done, ended) = channel::<()>();
    // With no delay the first line is drawn before the search starts, so even a short
    // search shows one (what the tests rely on).
    let delay = delay();
    let (drawn, first_drawn) = channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if ended.recv_timeout(delay) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(ProgressStyle::with_template("{msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()));
            let counts = || {
                use std::sync::atomic::Ordering::Relaxed;
                (published.nodes.load(Relaxed), published.solutions.load(Relaxed))
            };
            let draw = |total: Option<f64>| {
                let (nodes, solutions) = counts();
                bar.set_message(crate::api::progress_line(nodes, solutions, started.elapsed(), total));
            };
            draw(None);
            drop(drawn);
            let total = forecast(&|| ended.try_recv() == Err(TryRecvError::Disconnected));
            loop {
                draw(total);
                if ended.recv_timeout(REDRAW) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
            bar.finish_and_clear();
        });
        if delay.is_zero() {
            let _ = first_drawn.recv();
        }
        let result = search();
        drop(done);
        result
    })
}
