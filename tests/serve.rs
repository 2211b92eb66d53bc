//! `benchsite serve` end to end, in process: a server on an ephemeral port
//! of 127.0.0.1 over a temporary copy of a small content tree, spoken to with
//! plain HTTP/1.0 over a `TcpStream`. Every wait is bounded.

use benchsite::build::BuildOptions;
use benchsite::serve::{RELOAD_PATH, ServeError, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A temp dir with `content/site.yaml`, `content/dbench32-384m/` and an
/// (empty) theme directory `theme/`.
fn site() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let content = tmp.path().join("content");
    copy_dir(&repo.join("content/dbench32-384m"), &content.join("dbench32-384m"));
    std::fs::copy(repo.join("content/site.yaml"), content.join("site.yaml")).expect("copy site.yaml");
    let theme = tmp.path().join("theme");
    std::fs::create_dir_all(theme.join("static")).expect("theme dir");
    (tmp, content, theme)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let e = e.expect("entry");
        let dest = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), &dest).expect("copy");
        }
    }
}

fn start(content: &Path, theme: &Path) -> Server {
    let opts = BuildOptions {
        content: content.to_path_buf(),
        output: content.join("must-not-be-written"),
        theme_dir: Some(theme.to_path_buf()),
        text_width: 72,
        force: false,
        overwrite: false,
        base_url: None,
    };
    Server::start(opts, "127.0.0.1:0".parse().unwrap()).expect("server starts")
}

struct Response {
    status: u16,
    head: String,
    body: String,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// One HTTP/1.0 GET, raw: the path goes on the wire exactly as given.
fn get(addr: SocketAddr, path: &str) -> Response {
    assert!(addr.ip().is_loopback());
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(40))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read response");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no header end in {raw:?}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {head:?}"));
    Response { status, head: head.to_string(), body: body.to_string() }
}

/// Waits (at most `limit`) until `cond` holds.
fn wait_until(limit: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    cond()
}

#[test]
fn serves_pages_types_and_refuses_escapes() {
    let (_tmp, content, theme) = site();
    let server = start(&content, &theme);
    let addr = server.addr();
    assert_eq!(server.generation(), 1);

    let index = get(addr, "/");
    assert_eq!(index.status, 200);
    assert_eq!(index.header("Content-Type"), Some("text/html; charset=utf-8"));
    assert!(index.body.contains("Kernel benchmarks"), "{}", index.body);
    let script = index.body.find(RELOAD_PATH).expect("reload script in /");
    assert!(script < index.body.rfind("</body>").unwrap(), "script not before </body>");
    assert!(index.body.contains("reload.js?v=1\""), "script carries the generation");

    for (path, ctype, needle) in [
        ("/dbench32-384m/", "text/html; charset=utf-8", "384 MB box"),
        ("/dbench32-384m/index.html", "text/html; charset=utf-8", "384 MB box"),
        ("/style.css", "text/css; charset=utf-8", "body"),
        ("/dbench32-384m/index.md", "text/markdown; charset=utf-8", "384 MB box"),
        ("/dbench32-384m/email.txt", "text/plain; charset=utf-8", "384 MB box"),
        ("/data.json", "application/json", "dbench32-384m"),
        ("/dbench32-384m/raw/2.4.7/dbench-32-run1.txt", "text/plain; charset=utf-8", "Throughput"),
    ] {
        let r = get(addr, path);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("Content-Type"), Some(ctype), "{path}");
        assert!(r.body.contains(needle), "{path} lacks {needle:?}");
        assert_eq!(r.body.contains(RELOAD_PATH), ctype.starts_with("text/html"), "{path}: script only in HTML");
    }

    // The reload script is a file of its own: the pages' Content-Security-Policy refuses inline scripts.
    let js = get(addr, benchsite::serve::RELOAD_SCRIPT_PATH);
    assert_eq!(js.header("Content-Type"), Some("text/javascript; charset=utf-8"));
    assert!(js.body.contains(RELOAD_PATH) && js.body.contains("location.reload()"), "{}", js.body);

    let redirect = get(addr, "/dbench32-384m");
    assert_eq!(redirect.status, 301);
    assert_eq!(redirect.header("Location"), Some("/dbench32-384m/"));

    let missing = get(addr, "/no/such/page.html");
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("Page not found"), "the site's 404.html: {}", missing.body);
    assert!(missing.body.contains(RELOAD_PATH));

    for path in ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/dbench32-384m/../../Cargo.toml", "/..%2fCargo.toml"] {
        let r = get(addr, path);
        assert_eq!(r.status, 403, "{path} must be refused");
        assert!(!r.body.contains("[package]"), "{path} leaked Cargo.toml");
    }

    assert!(!content.join("must-not-be-written").exists(), "serve wrote an output directory");
    server.stop();
}

#[test]
fn page_views_and_reads_do_not_rebuild() {
    let (_tmp, content, theme) = site();
    let server = start(&content, &theme);
    let addr = server.addr();
    let (generation, builds) = (server.generation(), server.builds());
    for path in ["/", "/dbench32-384m/", "/style.css", "/dbench32-384m/raw/2.4.7/dbench-32-run1.txt", "/nope"] {
        get(addr, path);
    }
    // Reading the sources (as an editor or `cat` would) is an Access event
    // to inotify, which must not count as a change.
    for f in ["site.yaml", "dbench32-384m/machine.yaml", "dbench32-384m/2.4.7/dbench-32-run1.txt"] {
        std::fs::read(content.join(f)).expect("read source");
    }
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(server.generation(), generation, "a page view changed the generation");
    assert_eq!(server.builds(), builds, "a page view or a read triggered a rebuild");

    // Editor scratch files are ignored too.
    for f in ["site.yaml~", ".site.yaml.swp", "4913"] {
        std::fs::write(content.join(f), "scratch").expect("write scratch");
    }
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(server.builds(), builds, "an editor scratch file triggered a rebuild");
    server.stop();
}

#[test]
fn writing_content_rebuilds_and_reloads() {
    let (_tmp, content, theme) = site();
    let server = start(&content, &theme);
    let addr = server.addr();
    let g0 = server.generation();

    // A page's long-poll, waiting before the change.
    let poll = std::thread::spawn(move || get(addr, &format!("{RELOAD_PATH}?v={g0}")));
    std::thread::sleep(Duration::from_millis(200));

    let site_yaml = content.join("site.yaml");
    let original = std::fs::read_to_string(&site_yaml).unwrap();
    let changed = original.replacen("Kernel benchmarks", "Changed by the serve test", 1);
    assert_ne!(changed, original);
    std::fs::write(&site_yaml, &changed).unwrap();

    assert!(wait_until(Duration::from_secs(5), || server.generation() > g0), "no rebuild within 5 s");
    let g1 = server.generation();
    let index = get(addr, "/");
    assert!(index.body.contains("Changed by the serve test"), "new content not served");
    assert!(index.body.contains(&format!("reload.js?v={g1}\"")));
    let answer = poll.join().expect("long-poll thread");
    assert_eq!(answer.status, 200);
    assert!(answer.body.trim().parse::<u64>().expect("a generation") > g0, "long-poll answered {:?}", answer.body);

    // A long-poll with a stale generation answers at once.
    let started = Instant::now();
    assert_eq!(get(addr, &format!("{RELOAD_PATH}?v={g0}")).body.trim(), g1.to_string());
    assert!(started.elapsed() < Duration::from_secs(5));

    // A broken file: the last good site stays, with the errors over it.
    std::fs::write(&site_yaml, "title: [unclosed\n").unwrap();
    assert!(wait_until(Duration::from_secs(5), || server.generation() > g1), "no rebuild within 5 s");
    let g2 = server.generation();
    let index = get(addr, "/");
    assert_eq!(index.status, 200);
    assert!(index.body.contains("Changed by the serve test"), "last good site not served");
    assert!(index.body.contains("benchsite-build-error") && index.body.contains("site.yaml"), "{}", index.body);

    // Fixed again: the overlay goes.
    std::fs::write(&site_yaml, &original).unwrap();
    assert!(wait_until(Duration::from_secs(5), || server.generation() > g2), "no rebuild within 5 s");
    let index = get(addr, "/");
    assert!(index.body.contains("Kernel benchmarks") && !index.body.contains("benchsite-build-error"));
    server.stop();
}

/// A content directory replaced under its name (`mv content content.old;
/// cp -r content.old content`, attack34 #2) was no longer followed: the
/// watch was on the old directory. Now the new one is watched within a
/// second or two, and its edits rebuild.
#[test]
fn a_replaced_content_directory_is_watched_again() {
    let (tmp, content, theme) = site();
    let server = start(&content, &theme);
    let addr = server.addr();
    let old = tmp.path().join("content.old");
    std::fs::rename(&content, &old).expect("rename");
    copy_dir(&old, &content);
    let g0 = server.generation();
    // Wait for the new directory to be watched (and built from) first.
    assert!(wait_until(Duration::from_secs(10), || server.builds() >= 2), "no rebuild after the replacement");
    std::thread::sleep(Duration::from_millis(1500));
    let site_yaml = content.join("site.yaml");
    let text = std::fs::read_to_string(&site_yaml).unwrap().replacen("Kernel benchmarks", "In the new directory", 1);
    std::fs::write(&site_yaml, text).unwrap();
    assert!(
        wait_until(Duration::from_secs(10), || get(addr, "/").body.contains("In the new directory")),
        "an edit of the new content directory was not followed"
    );
    assert!(server.generation() > g0);
    server.stop();
}

/// A theme directory made after `serve` started is watched from then on
/// (the first build fails: `--theme` names no directory yet).
#[test]
fn a_theme_directory_made_later_is_watched() {
    let (tmp, content, _) = site();
    let theme = tmp.path().join("later-theme");
    let server = start(&content, &theme);
    std::fs::create_dir_all(theme.join("static")).unwrap();
    assert!(wait_until(Duration::from_secs(10), || server.builds() >= 2), "the new theme directory was not seen");
    std::thread::sleep(Duration::from_millis(500));
    let g0 = server.generation();
    std::fs::write(theme.join("static/style.css"), "body { color: rebeccapurple; }\n").unwrap();
    assert!(
        wait_until(Duration::from_secs(10), || get(server.addr(), "/style.css").body.contains("rebeccapurple")),
        "an edit of the theme made later was not followed"
    );
    assert!(server.generation() > g0);
    server.stop();
}

/// A class's copies of its raw files are plain text, never a page: a raw
/// file named `dbench.html` is published as `dbench.html.txt`, and
/// every response says `nosniff` (attack34 #0).
#[test]
fn raw_copies_are_served_as_plain_text() {
    let (_tmp, content, theme) = site();
    std::fs::write(
        content.join("dbench32-384m/2.4.7/dbench-32-run9.html"),
        "<script>alert(1)</script>\n32 clients started\nThroughput 9.5 MB/sec (NB=11.6 MB/sec  92.9 MBit/sec)\n",
    )
    .unwrap();
    let server = start(&content, &theme);
    let addr = server.addr();
    let raw = get(addr, "/dbench32-384m/raw/2.4.7/dbench-32-run9.html.txt");
    assert_eq!(raw.status, 200);
    assert_eq!(raw.header("Content-Type"), Some("text/plain; charset=utf-8"));
    assert_eq!(raw.header("X-Content-Type-Options"), Some("nosniff"));
    assert!(raw.body.starts_with("<script>") && !raw.body.contains(RELOAD_PATH), "{}", raw.body);
    assert_eq!(get(addr, "/dbench32-384m/raw/2.4.7/dbench-32-run9.html").status, 404);
    assert_eq!(get(addr, "/").header("X-Content-Type-Options"), Some("nosniff"));
    server.stop();
}

#[test]
fn writing_theme_rebuilds() {
    let (_tmp, content, theme) = site();
    let server = start(&content, &theme);
    let g0 = server.generation();
    std::fs::write(theme.join("static/style.css"), "body { color: rebeccapurple; }\n").unwrap();
    assert!(wait_until(Duration::from_secs(5), || server.generation() > g0), "no rebuild within 5 s");
    let css = get(server.addr(), "/style.css");
    assert_eq!(css.header("Content-Type"), Some("text/css; charset=utf-8"));
    assert!(css.body.contains("rebeccapurple"));
    server.stop();
}

#[test]
fn a_taken_port_is_an_error() {
    let (_tmp, content, theme) = site();
    let first = start(&content, &theme);
    let opts = BuildOptions {
        content: content.clone(),
        output: content.join("out"),
        theme_dir: Some(theme.clone()),
        text_width: 72,
        force: false,
        overwrite: false,
        base_url: None,
    };
    match Server::start(opts, first.addr()) {
        Err(ServeError::Bind { source, .. }) => assert_eq!(source.kind(), std::io::ErrorKind::AddrInUse),
        Err(e) => panic!("expected AddrInUse, got {e}"),
        Ok(s) => panic!("bound {} twice", s.addr()),
    }
    first.stop();
}
