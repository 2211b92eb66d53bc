//! The `serve` command: build in memory, serve over HTTP, rebuild on change,
//! reload the open browser page.
//!
//! The site is rendered with [`render_site`] and kept in memory; nothing is
//! written, so `serve` can never damage a published output directory.
//!
//! * The content directory and the theme directory are watched (recursively)
//!   with notify; one replaced under its name (or a theme directory made
//!   later) is watched again within [`WATCH_CHECK`], and one removed is
//!   said to be gone. Only Create, Modify and Remove events count: on Linux
//!   inotify also reports *reads*, and a page view must not trigger a
//!   rebuild. Editor scratch files (`*~`, `.*.swp`, vim's `4913`, emacs's
//!   `.#*`) and anything under `.git` are ignored. Events are debounced
//!   ([`DEBOUNCE`] of quiet) and then the whole site is rebuilt in memory.
//! * A failed rebuild keeps the last good site; its errors go to stderr and
//!   appear as an overlay at the bottom of every page.
//! * Every HTML response (and only in `serve`; built files are untouched)
//!   gets a small script before `</body>` that long-polls
//!   [`RELOAD_PATH`]`?v=GENERATION` and reloads the page when the
//!   generation (a counter bumped by every rebuild that changed something)
//!   is no longer the one the page was served with. The endpoint blocks for
//!   up to [`LONG_POLL`] and then answers with the current generation.
//!
//! HTTP is tiny_http, one thread per request (a long-poll holds its thread).

use crate::build::{BuildError, BuildOptions, render_site};
use crate::diag::Severity;
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Port `benchsite serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 1111;

/// URL path of the live-reload long-poll endpoint.
pub const RELOAD_PATH: &str = "/__benchsite/reload";

/// Quiet period after the last file event before a rebuild starts.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// Longest a rebuild waits for a stream of events to go quiet.
const DEBOUNCE_MAX: Duration = Duration::from_secs(2);

/// How long the reload endpoint blocks before answering with an unchanged
/// generation.
pub const LONG_POLL: Duration = Duration::from_secs(25);

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound (port taken, address not local...).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// The I/O error; `AddrInUse` when the port is taken.
        source: std::io::Error,
    },
    /// The HTTP server could not be set up on the bound socket.
    #[error("cannot start the HTTP server: {0}")]
    Http(String),
    /// A directory could not be watched.
    #[error("cannot watch {path}: {source}")]
    Watch {
        /// The directory.
        path: PathBuf,
        /// notify's error.
        source: notify::Error,
    },
    /// The content directory is missing or not a directory.
    #[error("content directory {path}: {source}")]
    Content {
        /// The directory.
        path: PathBuf,
        /// Why, and how to find or make one.
        source: std::io::Error,
    },
}

/// One rendered site: output path (`k6-2/index.html`) to contents.
type Files = HashMap<String, Vec<u8>>;

struct State {
    /// The last site that built; `None` until one has.
    site: Option<Arc<Files>>,
    /// Errors of the latest build, when it failed.
    error: Option<Arc<String>>,
    /// Bumped whenever what is served changes.
    generation: u64,
    /// Builds done (the first one included), whether or not anything changed.
    builds: u64,
}

struct Shared {
    opts: BuildOptions,
    /// `--quiet`: each build's notes are left out (warnings and errors stay).
    quiet: bool,
    state: Mutex<State>,
    changed: Condvar,
    stop: AtomicBool,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

enum Msg {
    Changed,
    Stop,
}

/// How often the watched directories are looked at while nothing
/// happens: a content directory replaced by another of its name (`mv
/// content content.old; cp -r content.old content`, an rsync into a fresh
/// directory and a rename) is watched again within this, and a theme
/// directory made after `serve` started is watched from then on.
pub const WATCH_CHECK: Duration = Duration::from_secs(1);

/// Which directory a path names: its device and inode (on Unix; elsewhere
/// only whether it is one). `None` when it is not a directory.
fn dir_id(path: &Path) -> Option<(u64, u64)> {
    let meta = std::fs::metadata(path).ok().filter(std::fs::Metadata::is_dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some((0, 0))
    }
}

/// The watcher and the directories it watches (the content directory,
/// the theme directory), each with the directory its path named when it
/// was last watched. A watch is on the directory, not its name: one
/// replaced under its name was no longer followed (attack34 #2), nor was a
/// theme directory made after `serve` started.
struct Watch {
    watcher: Mutex<Option<RecommendedWatcher>>,
    dirs: Mutex<Vec<Watched>>,
}

/// A watched directory's path, and the directory it named when it was
/// last watched ([`dir_id`]).
type Watched = (PathBuf, Option<(u64, u64)>);

impl Watch {
    /// Watches each directory of `dirs` whose path now names another
    /// directory than it did (replaced, made, removed), saying so on
    /// stderr; true when one changed, and the site is to be built again.
    fn follow(&self) -> bool {
        let mut watcher = self.watcher.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(watcher) = watcher.as_mut() else { return false };
        let mut dirs = self.dirs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut changed = false;
        for (path, id) in dirs.iter_mut() {
            let now = dir_id(path);
            if now == *id {
                continue;
            }
            changed = true;
            if id.is_some() {
                // The old directory's watch; gone already when it was removed.
                let _ = watcher.unwatch(path);
            }
            let shown = path.display();
            match (now, id.is_some()) {
                (None, _) => crate::diag::lossy_eprintln!(
                    "warning: {shown} is gone: serve is not watching it, and watches it again when it is back"
                ),
                (Some(_), was) => match watcher.watch(path, RecursiveMode::Recursive) {
                    Ok(()) if was => crate::diag::lossy_eprintln!("note: {shown} was replaced: watching the new one"),
                    Ok(()) => crate::diag::lossy_eprintln!("note: {shown} is there: watching it"),
                    Err(e) => crate::diag::lossy_eprintln!(
                        "warning: cannot watch {shown}: {e}; serve does not follow its changes (restart serve)"
                    ),
                },
            }
            *id = now;
        }
        changed
    }
}

/// A running `serve`: an HTTP server over the in-memory site, a watcher and
/// a rebuild thread. Stopped by [`Server::stop`] or when dropped.
pub struct Server {
    addr: SocketAddr,
    shared: Arc<Shared>,
    /// The HTTP server; replaced when its accepting thread ends.
    http: Arc<Mutex<Arc<tiny_http::Server>>>,
    watch: Arc<Watch>,
    tx: mpsc::Sender<Msg>,
    accept: Option<JoinHandle<()>>,
    rebuild: Option<JoinHandle<()>>,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port), builds the site in memory,
    /// starts watching the content directory and the theme directory (when
    /// it exists), and serves. `opts.output` and `opts.force` are ignored;
    /// `opts.base_url` is replaced by relative links so the pages work from
    /// this server. A failed first build does not stop the server: it serves
    /// the errors until a rebuild succeeds.
    ///
    /// Progress ("rebuilt in N ms: ...") and diagnostics go to stderr.
    ///
    /// # Errors
    /// [`ServeError::Bind`] when the address cannot be bound (the port is
    /// taken), [`ServeError::Watch`] when the content directory cannot be
    /// watched (it does not exist), [`ServeError::Http`] otherwise.
    pub fn start(opts: BuildOptions, addr: SocketAddr) -> Result<Server, ServeError> {
        Server::start_with(opts, addr, false)
    }

    /// [`Server::start`], with `quiet` (`serve --quiet`) leaving each
    /// build's notes out of stderr, as `build --quiet` does; warnings,
    /// errors and the one line per build stay.
    ///
    /// # Errors
    /// As [`Server::start`].
    pub fn start_with(mut opts: BuildOptions, addr: SocketAddr, quiet: bool) -> Result<Server, ServeError> {
        opts.base_url = Some(String::new());
        crate::site::check_content_dir(&opts.content)
            .map_err(|source| ServeError::Content { path: opts.content.clone(), source })?;
        let listener = TcpListener::bind(addr).map_err(|source| ServeError::Bind { addr, source })?;
        let local = listener.local_addr().map_err(|source| ServeError::Bind { addr, source })?;
        raise_open_file_limit();
        // A second handle on the socket: when tiny_http's accepting thread
        // ends (accept() failed for want of file descriptors), a new server
        // takes over the same socket.
        let spare = listener.try_clone().map_err(|e| ServeError::Http(e.to_string()))?;
        let http = Arc::new(Mutex::new(Arc::new(
            tiny_http::Server::from_listener(listener, None).map_err(|e| ServeError::Http(e.to_string()))?,
        )));

        let (tx, rx) = mpsc::channel::<Msg>();
        let watch_tx = tx.clone();
        let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| match res {
            Ok(ev) if is_change(&ev) => {
                let _ = watch_tx.send(Msg::Changed);
            }
            Ok(_) => {}
            Err(e) => crate::diag::lossy_eprintln!("warning: file watcher: {e}"),
        })
        .map_err(|source| ServeError::Watch { path: opts.content.clone(), source })?;
        watcher
            .watch(&opts.content, RecursiveMode::Recursive)
            .map_err(|source| ServeError::Watch { path: opts.content.clone(), source })?;
        let themes = opts.theme_dir.clone().unwrap_or_else(|| crate::build::themes_root(&opts.content));
        if let Some(theme) = Some(themes.as_path()).filter(|d| d.is_dir()) {
            watcher
                .watch(theme, RecursiveMode::Recursive)
                .map_err(|source| ServeError::Watch { path: theme.to_path_buf(), source })?;
        }
        let watch = Arc::new(Watch {
            watcher: Mutex::new(Some(watcher)),
            dirs: Mutex::new(vec![(opts.content.clone(), dir_id(&opts.content)), (themes.clone(), dir_id(&themes))]),
        });

        let shared = Arc::new(Shared {
            opts,
            quiet,
            state: Mutex::new(State { site: None, error: None, generation: 0, builds: 0 }),
            changed: Condvar::new(),
            stop: AtomicBool::new(false),
        });
        rebuild(&shared, "built");

        let rebuild_thread = {
            let shared = Arc::clone(&shared);
            let watch = Arc::clone(&watch);
            std::thread::Builder::new()
                .name("benchsite-rebuild".into())
                .spawn(move || rebuild_loop(&rx, &shared, &watch))
                .map_err(|e| ServeError::Http(e.to_string()))?
        };
        let accept_thread = {
            let shared = Arc::clone(&shared);
            let slot = Arc::clone(&http);
            std::thread::Builder::new()
                .name("benchsite-http".into())
                .spawn(move || accept_loop(&slot, &spare, &shared))
                .map_err(|e| ServeError::Http(e.to_string()))?
        };
        Ok(Server { addr: local, shared, http, watch, tx, accept: Some(accept_thread), rebuild: Some(rebuild_thread) })
    }

    /// The address the server listens on (with the real port when 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The current generation: 1 after the first build, bumped by every
    /// rebuild that changed what is served (including a rebuild that failed).
    pub fn generation(&self) -> u64 {
        self.shared.lock().generation
    }

    /// How many builds ran: 1 after the first, plus one per rebuild, even a
    /// rebuild that changed nothing (which leaves the generation alone).
    pub fn builds(&self) -> u64 {
        self.shared.lock().builds
    }

    /// Blocks until the server stops (for the command line, that is until
    /// the process is interrupted).
    pub fn wait(mut self) {
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
        self.shutdown();
    }

    /// Stops watching, stops the rebuild thread, ends pending long-polls and
    /// closes the listening socket.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        *self.watch.watcher.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        let _ = self.tx.send(Msg::Stop);
        {
            let _st = self.shared.lock();
            self.shared.changed.notify_all();
        }
        self.http.lock().unwrap_or_else(std::sync::PoisonError::into_inner).unblock();
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
        if let Some(t) = self.rebuild.take() {
            let _ = t.join();
        }
    }
}

/// Hands every request to a thread of its own. When tiny_http's accepting
/// thread ends before `serve` stops (accept() failed: out of file
/// descriptors under a flood of connections), a new server takes over the
/// socket (`spare`) with a warning, instead of `serve` exiting without a
/// word.
fn accept_loop(slot: &Mutex<Arc<tiny_http::Server>>, spare: &TcpListener, shared: &Arc<Shared>) {
    let mut http = Arc::clone(&slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    loop {
        for rq in http.incoming_requests() {
            if shared.stop.load(Ordering::SeqCst) {
                return;
            }
            let shared = Arc::clone(shared);
            let spawned = std::thread::Builder::new().spawn(move || handle(rq, &shared));
            if let Err(e) = spawned {
                crate::diag::lossy_eprintln!("warning: cannot start a thread for a request: {e}");
            }
        }
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        crate::diag::lossy_eprintln!(
            "warning: serve stopped accepting connections (out of file descriptors?); accepting again"
        );
        // Let the connections that used the descriptors up close.
        std::thread::sleep(Duration::from_millis(500));
        match spare
            .try_clone()
            .map_err(|e| e.to_string())
            .and_then(|l| tiny_http::Server::from_listener(l, None).map_err(|e| e.to_string()))
        {
            Ok(server) => {
                http = Arc::new(server);
                *slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::clone(&http);
            }
            Err(e) => crate::diag::lossy_eprintln!("warning: serve cannot accept connections yet: {e}"),
        }
    }
}

/// Raises this process's soft limit on open files to its hard limit (at
/// most 65,536): each connection holds a descriptor or two, and the usual
/// soft limit of 1,024 ran out under a thousand connections (tiny_http
/// then stopped accepting).
fn raise_open_file_limit() {
    #[cfg(unix)]
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            let want = lim.rlim_max.min(65_536);
            if lim.rlim_cur < want {
                lim.rlim_cur = want;
                let _ = libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Whether a notify event is a change worth a rebuild: a Create, Modify or
/// Remove (never an Access, i.e. a read) of a path that is not an editor's
/// scratch file.
fn is_change(ev: &notify::Event) -> bool {
    matches!(ev.kind, EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) | EventKind::Any)
        && (ev.paths.is_empty() || ev.paths.iter().any(|p| !is_ignored(p)))
}

/// Editor temporary files and version-control internals, which never
/// affect the site.
pub fn is_ignored(path: &Path) -> bool {
    if path.components().any(|c| c.as_os_str() == ".git") {
        return true;
    }
    let Some(name) = path.file_name().map(|n| n.to_string_lossy()) else { return false };
    crate::site::is_leftover(&name)
        || name == "4913"
        || name.starts_with(".#")
        || (name.starts_with('.') && [".swp", ".swx", ".swo"].iter().any(|s| name.ends_with(s)))
}

/// Rebuilds after each burst of changes, and when a watched directory's
/// path names another directory than it did ([`Watch::follow`], looked at
/// every [`WATCH_CHECK`] and before each rebuild).
fn rebuild_loop(rx: &mpsc::Receiver<Msg>, shared: &Shared, watch: &Watch) {
    loop {
        match rx.recv_timeout(WATCH_CHECK) {
            Ok(Msg::Changed) => {}
            Err(mpsc::RecvTimeoutError::Timeout) if !shared.stop.load(Ordering::SeqCst) && watch.follow() => {}
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Ok(Msg::Stop) | Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        // Wait for a quiet period: an editor's save is several events.
        let first = Instant::now();
        loop {
            match rx.recv_timeout(DEBOUNCE) {
                Ok(Msg::Changed) if first.elapsed() < DEBOUNCE_MAX => {}
                Ok(Msg::Changed) | Err(mpsc::RecvTimeoutError::Timeout) => break,
                Ok(Msg::Stop) | Err(mpsc::RecvTimeoutError::Disconnected) => return,
            }
        }
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        // The change may have been the directory's own (renamed away).
        watch.follow();
        rebuild(shared, "rebuilt");
    }
}

/// Renders the site in memory and swaps it in; on failure keeps the last
/// good site and records the errors. Prints one line per build.
fn rebuild(shared: &Shared, verb: &str) {
    let started = Instant::now();
    let result = render_site(&shared.opts);
    let ms = started.elapsed().as_millis();
    match result {
        Ok((files, report)) => {
            for d in report.diagnostics.iter().filter(|d| !(shared.quiet && d.severity == Severity::Note)) {
                crate::diag::lossy_eprintln!("{d}");
            }
            let warnings = report.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
            let files: Files = files.into_iter().map(|f| (f.path, f.contents)).collect();
            let mut st = shared.lock();
            st.builds += 1;
            let same = st.error.is_none() && st.site.as_deref() == Some(&files);
            // As `build` says and prints them (one wording: its own copy
            // here said "which lint.html lists" and printed none).
            for d in report.site_warnings_shown() {
                crate::diag::lossy_eprintln!("{d}");
            }
            let more = report.site_warnings_said(true);
            crate::diag::lossy_eprintln!(
                "{verb} in {ms} ms: {} files, {warnings} warning(s){more}{}",
                files.len(),
                if same { " (no change)" } else { "" }
            );
            if !same {
                st.site = Some(Arc::new(files));
                st.error = None;
                st.generation += 1;
                shared.changed.notify_all();
            }
        }
        Err(e) => {
            let text = match &e {
                BuildError::Invalid(diags) => diags.iter().map(|d| format!("{d}\n")).collect::<String>(),
                other => format!("error: {other}\n"),
            };
            crate::diag::lossy_eprint!("{text}");
            let mut st = shared.lock();
            st.builds += 1;
            crate::diag::lossy_eprintln!(
                "{verb} in {ms} ms: build failed; {}",
                if st.site.is_some() { "still serving the last good site" } else { "serving the errors" }
            );
            st.error = Some(Arc::new(text));
            st.generation += 1;
            shared.changed.notify_all();
        }
    }
}

/// Where a request path leads in the site.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolved {
    /// This output file (`k6-2/index.html`).
    File(String),
    /// A directory asked for without its trailing slash: redirect here so
    /// relative links in its index page work.
    Redirect(String),
    /// Nothing there.
    NotFound,
    /// A path that tries to leave the site (`..`) or is malformed.
    Forbidden,
}

/// What a path segment of a redirect escapes: controls, space, and the
/// characters that end or restructure a path (`?`, `#`, `%`, `/`, `\\`).
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'/')
    .add(b'?')
    .add(b'\\')
    .add(b'<')
    .add(b'>');

/// Maps a request path (without the query) to a file of `files`: `/` is
/// `index.html`, `dir/` is `dir/index.html`, `dir` redirects to `dir/` when
/// `dir/index.html` exists. Percent-escapes are decoded first, and any `..`
/// segment, backslash or NUL is refused.
pub fn resolve<F: Fn(&str) -> bool>(path: &str, exists: F) -> Resolved {
    if !path.starts_with('/') {
        return Resolved::Forbidden;
    }
    let Ok(decoded) = percent_encoding::percent_decode_str(path).decode_utf8() else { return Resolved::Forbidden };
    if decoded.contains(['\\', '\0']) {
        return Resolved::Forbidden;
    }
    let segments: Vec<&str> = decoded.split('/').filter(|s| !s.is_empty() && *s != ".").collect();
    if segments.contains(&"..") {
        return Resolved::Forbidden;
    }
    let rel = segments.join("/");
    if rel.is_empty() {
        return if exists("index.html") { Resolved::File("index.html".into()) } else { Resolved::NotFound };
    }
    if decoded.ends_with('/') {
        let index = format!("{rel}/index.html");
        return if exists(&index) { Resolved::File(index) } else { Resolved::NotFound };
    }
    if exists(&rel) {
        Resolved::File(rel)
    } else if exists(&format!("{rel}/index.html")) {
        // The canonical path, built from the segments: `//host` or `/./x`
        // as asked would make a `Location` a browser reads as another host.
        let encoded: Vec<String> =
            segments.iter().map(|s| percent_encoding::utf8_percent_encode(s, SEGMENT).to_string()).collect();
        Resolved::Redirect(format!("/{}/", encoded.join("/")))
    } else {
        Resolved::NotFound
    }
}

/// The Content-Type for an output file, by extension. A class's copies of
/// its raw files (`<class>/raw/…`) and files with another extension are
/// plain text when they are UTF-8 (else `application/octet-stream`),
/// whatever their name: a copy is the text a benchmark printed, never a
/// page or an image to run (a copy's name ends in `.txt`,
/// [`crate::site::raw_copy_name`]; this holds for any name). Every
/// response also carries `X-Content-Type-Options: nosniff`.
pub fn content_type(path: &str, contents: &[u8]) -> &'static str {
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    let raw_copy = path.split('/').nth(1) == Some(crate::report::RAW_DIR) && path.split('/').count() > 2;
    let text =
        || if std::str::from_utf8(contents).is_ok() { "text/plain; charset=utf-8" } else { "application/octet-stream" };
    if raw_copy {
        return text();
    }
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "md" => "text/markdown; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "json" => "application/json",
        "csv" => "text/csv; charset=utf-8",
        "png" => "image/png",
        "ico" => "image/x-icon",
        _ => text(),
    }
}

/// The live-reload script injected into served HTML: an external script
/// ([`RELOAD_SCRIPT_PATH`], [`reload_js`]), as the pages'
/// Content-Security-Policy allows scripts from the site only, never inline.
pub fn reload_script(generation: u64) -> String {
    format!("<script src=\"{RELOAD_SCRIPT_PATH}?v={generation}\"></script>\n")
}

/// Where the live-reload script is served.
pub const RELOAD_SCRIPT_PATH: &str = "/__benchsite/reload.js";

/// The live-reload script: polls [`RELOAD_PATH`] with the generation its
/// own URL carries (`?v=N`) and reloads the page when it changes.
pub fn reload_js() -> String {
    format!(
        "/* benchsite serve: live reload */(function(){{var s=document.currentScript;\
var v=parseInt((s&&s.src.split(\"?v=\")[1])||\"0\",10);\
function poll(){{fetch(\"{RELOAD_PATH}?v=\"+v,{{cache:\"no-store\"}})\
.then(function(r){{return r.text();}})\
.then(function(t){{var n=parseInt(t,10);if(!isNaN(n)&&n!==v){{location.reload();}}else{{poll();}}}})\
.catch(function(){{setTimeout(poll,1000);}});}}poll();}})();\n"
    )
}

/// A build's error text made safe inside the overlay's `<div>` and the
/// failed page's `<pre>`: tera's own escaper, the one the native renderer
/// uses (`&`, `<`, `>`, `"`, `'`), so the house has no escaper of its own
/// for HTML. It copies every other byte as it is, so the result is UTF-8.
fn escape_html(s: &str) -> String {
    let mut buf = Vec::with_capacity(s.len());
    // Writing into a Vec cannot fail.
    let _ = tera::escape_html(s, &mut buf);
    String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn error_overlay(errors: &str) -> String {
    format!(
        "<div id=\"benchsite-build-error\" style=\"position:fixed;left:0;right:0;bottom:0;max-height:50vh;\
overflow:auto;margin:0;padding:0.8em 1em;background:#fff0f0;color:#700;border-top:3px solid #c00;\
font:13px/1.4 monospace;white-space:pre-wrap;z-index:2147483647\"><strong>benchsite: the last rebuild failed; \
this is the last good site.</strong>\n{}</div>\n",
        escape_html(errors)
    )
}

/// Adds the reload script (and the error overlay, when given) before the
/// last `</body>`, or at the end when there is none. `base` adds
/// `<base href="/">` after `<head>`, for the 404 page served at any depth.
fn inject(html: &[u8], generation: u64, errors: Option<&str>, base: bool) -> Vec<u8> {
    let mut html = String::from_utf8_lossy(html).into_owned();
    let mut extra = errors.map(error_overlay).unwrap_or_default();
    extra.push_str(&reload_script(generation));
    let lower = html.to_ascii_lowercase();
    match lower.rfind("</body>") {
        Some(i) => html.insert_str(i, &extra),
        None => html.push_str(&extra),
    }
    if base && let Some(i) = lower.find("<head>") {
        html.insert_str(i + "<head>".len(), "<base href=\"/\">");
    }
    html.into_bytes()
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn send(rq: tiny_http::Request, status: u16, ctype: &str, body: Vec<u8>, extra: Option<tiny_http::Header>) {
    let mut resp = tiny_http::Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", ctype))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    if let Some(h) = extra {
        resp.add_header(h);
    }
    let _ = rq.respond(resp);
}

fn handle(rq: tiny_http::Request, shared: &Shared) {
    if !matches!(rq.method(), tiny_http::Method::Get | tiny_http::Method::Head) {
        let allow = header("Allow", "GET, HEAD");
        return send(rq, 405, "text/plain; charset=utf-8", b"method not allowed\n".to_vec(), Some(allow));
    }
    let url = rq.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    if path == RELOAD_SCRIPT_PATH {
        return send(rq, 200, "text/javascript; charset=utf-8", reload_js().into_bytes(), None);
    }
    if path == RELOAD_PATH {
        let generation = long_poll(shared, query);
        return send(rq, 200, "text/plain; charset=utf-8", format!("{generation}\n").into_bytes(), None);
    }
    let (site, error, generation) = {
        let st = shared.lock();
        (st.site.clone(), st.error.clone(), st.generation)
    };
    let Some(site) = site else {
        // No build has succeeded yet: every page is the error list.
        let page = format!(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>build failed</title></head><body>\
<h1>benchsite: the build failed</h1>\n<pre>{}</pre>\n</body></html>\n",
            escape_html(error.as_deref().map_or("", |s| s.as_str()))
        );
        return send(rq, 500, "text/html; charset=utf-8", inject(page.as_bytes(), generation, None, false), None);
    };
    let page = |rel: &str, base: bool| -> Vec<u8> {
        let body = site.get(rel).map_or(&[][..], Vec::as_slice);
        if rel.ends_with(".html") {
            inject(body, generation, error.as_deref().map(|s| s.as_str()), base)
        } else {
            body.to_vec()
        }
    };
    match resolve(path, |p| site.contains_key(p)) {
        Resolved::File(rel) => {
            let ctype = content_type(&rel, &site[&rel]);
            send(rq, 200, ctype, page(&rel, false), None)
        }
        Resolved::Redirect(to) => {
            let to = if query.is_empty() { to } else { format!("{to}?{query}") };
            // A header value must be ASCII: escape whatever else the request had.
            let to = percent_encoding::utf8_percent_encode(&to, percent_encoding::CONTROLS).to_string();
            let loc = header("Location", &to);
            send(rq, 301, "text/plain; charset=utf-8", format!("see {to}\n").into_bytes(), Some(loc))
        }
        Resolved::NotFound if site.contains_key("404.html") => {
            send(rq, 404, "text/html; charset=utf-8", page("404.html", true), None)
        }
        Resolved::NotFound => send(rq, 404, "text/plain; charset=utf-8", b"not found\n".to_vec(), None),
        Resolved::Forbidden => send(rq, 403, "text/plain; charset=utf-8", b"forbidden\n".to_vec(), None),
    }
}

/// Blocks until the generation differs from the `v` of `query`, the server
/// stops, or [`LONG_POLL`] passes; returns the current generation.
fn long_poll(shared: &Shared, query: &str) -> u64 {
    let seen: Option<u64> = query.split('&').find_map(|kv| kv.strip_prefix("v=")).and_then(|v| v.parse().ok());
    let deadline = Instant::now() + LONG_POLL;
    let mut st = shared.lock();
    while Some(st.generation) == seen && !shared.stop.load(Ordering::SeqCst) {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        st = shared.changed.wait_timeout(st, deadline - now).unwrap_or_else(std::sync::PoisonError::into_inner).0;
    }
    st.generation
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_text_is_escaped_by_teras_escaper() {
        assert_eq!(escape_html("a<b> & 'c' \"d\" é"), "a&lt;b&gt; &amp; &#39;c&#39; &quot;d&quot; é");
    }

    #[test]
    fn resolves_paths() {
        let files = ["index.html", "404.html", "k6/index.html", "k6/raw/bonnie++.txt", "style.css"];
        let exists = |p: &str| files.contains(&p);
        assert_eq!(resolve("/", exists), Resolved::File("index.html".into()));
        assert_eq!(resolve("/k6/", exists), Resolved::File("k6/index.html".into()));
        assert_eq!(resolve("/k6", exists), Resolved::Redirect("/k6/".into()));
        assert_eq!(resolve("/k6/raw/bonnie%2B%2B.txt", exists), Resolved::File("k6/raw/bonnie++.txt".into()));
        assert_eq!(resolve("/style.css", exists), Resolved::File("style.css".into()));
        assert_eq!(resolve("/nope.html", exists), Resolved::NotFound);
        assert_eq!(resolve("/../Cargo.toml", exists), Resolved::Forbidden);
        assert_eq!(resolve("/k6/%2e%2e/%2e%2e/etc/passwd", exists), Resolved::Forbidden);
        assert_eq!(resolve("/k6\\..\\x", exists), Resolved::Forbidden);
        assert_eq!(resolve("http://evil/", exists), Resolved::Forbidden);
    }

    #[test]
    fn redirects_stay_on_this_host() {
        // `//k6` would answer `Location: //k6/`, which a browser reads as
        // the host `k6` (an open redirect): the canonical path is `/k6/`.
        let files = ["k6/index.html", "a b/index.html"];
        let exists = |p: &str| files.contains(&p);
        for asked in ["//k6", "///k6", "/./k6", "//./k6", "/%2Fk6"] {
            assert_eq!(resolve(asked, exists), Resolved::Redirect("/k6/".into()), "{asked}");
        }
        assert_eq!(resolve("/a%20b", exists), Resolved::Redirect("/a%20b/".into()));
    }

    #[test]
    fn ignores_editor_scratch_files() {
        for p in ["c/x.yaml~", "c/.x.yaml.swp", "c/4913", "c/.#x.yaml", "c/.git/index"] {
            assert!(is_ignored(Path::new(p)), "{p}");
        }
        for p in ["c/x.yaml", "c/k/dbench-32.txt", "t/static/style.css"] {
            assert!(!is_ignored(Path::new(p)), "{p}");
        }
    }

    #[test]
    fn injects_before_body_end() {
        let out = String::from_utf8(inject(b"<html><head></head><body><p>x</p></BODY></html>", 7, None, true)).unwrap();
        assert!(out.contains("reload.js?v=7\""), "{out}");
        let script = out.find("<script src=").unwrap();
        assert!(script < out.find("</BODY>").unwrap());
        assert!(out.contains("<head><base href=\"/\">"));
        let out = String::from_utf8(inject(b"<p>x", 1, Some("error: a<b"), false)).unwrap();
        assert!(out.contains("error: a&lt;b") && out.ends_with("</script>\n"), "{out}");
    }

    #[test]
    fn content_types() {
        assert_eq!(content_type("a/index.html", b""), "text/html; charset=utf-8");
        assert_eq!(content_type("a/index.md", b""), "text/markdown; charset=utf-8");
        assert_eq!(content_type("a/email.txt", b""), "text/plain; charset=utf-8");
        assert_eq!(content_type("a/x.svg", b""), "image/svg+xml");
        assert_eq!(content_type("a/data.json", b""), "application/json");
        assert_eq!(content_type("a/data.csv", b""), "text/csv; charset=utf-8");
        assert_eq!(content_type("a/raw/run1", b"dbench"), "text/plain; charset=utf-8");
        assert_eq!(content_type("a/raw/run1", b"\xff\xfe"), "application/octet-stream");
        // A class's raw copies are text whatever their name says.
        for name in ["a/raw/6.1/dbench.html", "a/raw/x.svg", "a/raw/x.htm", "a/raw/x.js", "a/raw/6.1/d.html.txt"] {
            assert_eq!(content_type(name, b"<script>alert(1)</script>"), "text/plain; charset=utf-8", "{name}");
        }
        assert_eq!(content_type("raw/index.html", b""), "text/html; charset=utf-8");
    }
}
