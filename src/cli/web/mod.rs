//! `crib serve`: a local web server for the board in a browser. It routes the JSON that
//! `--json` defines to and from the commands that print it: a game or a drill is `crib game
//! --json` or `crib train --json` on a thread of its own, a review is `crib review --json`, the
//! history `crib stats --logs --json`. No cribbage is computed in the page.
//!
//! Safe by default, as Jupyter is: it listens on 127.0.0.1 only (wider takes `--bind`, with a
//! warning), every request carries the random token of the printed address, the Host and
//! Origin headers must name the server (against DNS rebinding and cross-site requests), request
//! bodies are capped, games left idle are closed (their logs kept), and the games at once are
//! bounded.

mod guard;
mod routes;
mod sessions;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;

use super::Outcome;
use sessions::Conversations;

pub const AFTER_HELP: &str = "\
Serve crib's board to a browser on this machine: play a game against any of crib's levels, \
review a game step by step, practise the drills of crib train, and see your history. It prints \
the address to open, with a token that every request must carry (as Jupyter does), and serves \
until interrupted (Ctrl-C). Games are logged as crib game logs them, in $XDG_DATA_HOME/crib/games: \
crib review, crib game --resume and crib stats read them, and the page lists them.

It listens on 127.0.0.1 only. --bind listens on another address, with a warning: anyone who \
can reach it and has the address with its token can play, and read your kept games.

Examples:
  crib serve                       serve on a free port of 127.0.0.1
  crib serve --port 8121 --open    serve on port 8121 and open the browser";

/// Arguments of `crib serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on [default: a free port].
    #[arg(long, default_value_t = 0, value_name = "PORT")]
    port: u16,

    /// Listen on this address rather than 127.0.0.1 (with a warning: others can reach it).
    #[arg(long, value_name = "ADDRESS")]
    bind: Option<IpAddr>,

    /// Open the address in the browser.
    #[arg(long)]
    open: bool,

    /// The most games and drills under way at once.
    #[arg(long, default_value_t = 128, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_games: u32,

    /// Close a game or drill the page has left for this many minutes (a game's log is kept).
    #[arg(long, default_value_t = 30.0, value_name = "MINUTES", value_parser = idle_minutes)]
    idle: f64,
}

/// `--idle`: minutes, more than none and at most a week (a fraction of one, for a test).
fn idle_minutes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(m) if m > 0.0 && m <= 10_080.0 => Ok(m),
        _ => Err(format!(
            "{text:?} is not a number of minutes from more than 0 to 10080 (a week)"
        )),
    }
}

/// What every request shares.
pub struct Server {
    /// The secret every request carries.
    token: String,
    /// The Host headers that name this server.
    hosts: Vec<String>,
    /// The conversations under way.
    conversations: Mutex<Conversations>,
    /// The most at once.
    max_games: usize,
}

/// Run `crib serve`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let ip = args.bind.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if !ip.is_loopback() {
        let _ = writeln!(
            std::io::stderr(),
            "crib: warning: listening on {ip}: anyone who can reach it with the address and \
             its token can play and read your kept games"
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, args.port))
            .await
            .with_context(|| format!("cannot listen on {ip} port {}", args.port))?;
        let address = listener.local_addr()?;
        let token = guard::fresh_token()?;
        let host = match address.ip() {
            IpAddr::V6(v6) => format!("[{v6}]:{}", address.port()),
            IpAddr::V4(v4) => format!("{v4}:{}", address.port()),
        };
        let mut hosts = vec![host.clone()];
        if ip.is_loopback() {
            hosts.push(format!("localhost:{}", address.port()));
        }
        let url = format!("http://{host}/?token={token}");
        if json {
            writeln!(
                out,
                "{}",
                serde_json::json!({"event": "listening", "url": url, "address": host})
            )?;
        } else {
            writeln!(out, "crib is serving the board at {url}")?;
            writeln!(
                out,
                "Open it in a browser on this machine; Ctrl-C stops the server."
            )?;
        }
        out.flush()?;
        if args.open {
            open_browser(&url);
        }
        let server = Arc::new(Server {
            token,
            hosts,
            conversations: Mutex::default(),
            max_games: args.max_games as usize,
        });
        let idle = Duration::from_secs_f64(args.idle * 60.0);
        let reaper = Arc::clone(&server);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(15).min(idle / 2));
            loop {
                every.tick().await;
                reaper.conversations().expire(idle);
            }
        });
        let app = routes::app(Arc::clone(&server));
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("the server stopped")?;
        // Every conversation reads the end of its input, and the games finish their logs (one
        // left before its first deal leaves none) before the process ends; a move being
        // thought over is waited for, a few seconds at most.
        let threads: Vec<_> = server
            .conversations()
            .by_id
            .values_mut()
            .filter_map(|c| {
                c.close();
                c.take_thread()
            })
            .collect();
        tokio::task::spawn_blocking(move || {
            for thread in threads {
                let _ = thread.join();
            }
        })
        .await
        .ok();
        anyhow::Ok(())
    })?;
    Ok(Outcome::Success)
}

impl Server {
    fn conversations(&self) -> std::sync::MutexGuard<'_, Conversations> {
        self.conversations
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Open `url` in the desktop's browser; a line on stderr where none opens.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let opened = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if opened.is_err() {
        let _ = writeln!(
            std::io::stderr(),
            "crib: note: cannot open a browser ({opener}); open the address above"
        );
    }
}
