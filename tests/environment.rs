//! Environment files (issue 23, point 3): a kernel config, `/proc/cmdline`
//! and dmesg beside the results are read as environment, not as
//! unrecognised results; what differs between the kernels is summarised at
//! the top of the page in every rendering, a dmesg WARNING names its
//! kernel and line, and each kernel's page lists its facts.

mod common;

use common::{benchsite, dbench, put};

#[test]
fn configs_cmdlines_and_dmesg_are_environment_and_their_differences_are_summarised() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/machine.yaml", "name: \"Box\"\nbaseline: \"6.9.0\"\nenv:\n  filesystem: ext4\n");
    put(&c, "m1/6.9.0/dbench-32.txt", dbench("9.69"));
    put(&c, "m1/6.10.0/dbench-32.txt", dbench("9.61"));
    let header = "#\n# Automatically generated file; DO NOT EDIT.\n# Linux/x86 Kernel Configuration\n#\n";
    put(&c, "m1/6.9.0/config-6.9.0", format!("{header}CONFIG_PREEMPT=y\nCONFIG_HZ=250\n"));
    put(&c, "m1/6.10.0/config-6.10.0", format!("{header}# CONFIG_PREEMPT is not set\nCONFIG_HZ=250\nCONFIG_NEW=y\n"));
    put(&c, "m1/6.9.0/cmdline", "BOOT_IMAGE=/vmlinuz-6.9.0 root=/dev/sda1 quiet\n");
    put(&c, "m1/6.10.0/cmdline", "BOOT_IMAGE=/vmlinuz-6.10.0 root=/dev/sda1 quiet mitigations=off\n");
    put(
        &c,
        "m1/6.10.0/dmesg",
        "[    0.000000] Linux version 6.10.0\n[   12.345678] WARNING: CPU: 3 PID: 1 at mm/page_alloc.c:4000\n",
    );
    let out = tmp.path().join("out");
    let built = benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let stderr = String::from_utf8_lossy(&built.get_output().stderr).into_owned();
    assert!(stderr.contains(" 0 warning(s)"), "environment files are not unrecognised results: {stderr}");
    let read = |f: &str| std::fs::read_to_string(out.join("m1").join(f)).expect(f);
    let (mail, md, html) = (read("email.txt"), read("index.md"), read("index.html"));
    assert!(md.contains("- `CONFIG_PREEMPT`: y (6.9.0); n (6.10.0)"), "{md}");
    // The Markdown as read: keys in code spans, underscores escaped in text.
    let md = md.replace('`', "").replace("\\_", "_");
    for text in [&mail, &md, &html] {
        assert!(text.contains("CONFIG_PREEMPT: y (6.9.0); n (6.10.0)"), "{text}");
        assert!(text.contains("cmdline mitigations: (none) (6.9.0); off (6.10.0)"), "{text}");
        assert!(text.contains("1 config option in some kernels"), "{text}");
        assert!(text.contains("6.10.0/dmesg (line 2): WARNING: CPU: 3 PID: 1"), "{text}");
        // Equal everywhere, or naming the kernel: not a difference.
        assert!(!text.contains("CONFIG_HZ") && !text.contains("BOOT_IMAGE") && !text.contains("filesystem: ext4 ("));
    }
    let kernel = read("kernels/6.10.0.html");
    // Folded, so that a `sysctl -a` of 4,000 facts does not stand before
    // the results (archive35 5: 231 KB of a kernel page).
    assert!(
        kernel.contains(
            "<details class=\"env\"><summary>Environment</summary><p>filesystem: ext4; cmdline root: /dev/sda1"
        ),
        "{kernel}"
    );
    assert!(kernel.contains("3 kernel config options"), "{kernel}");
}

/// A gzipped kernel configuration, as `/proc/config.gz` gives it: the demo
/// keeps the guest's own (`content/epyc-vm-2cpu`, 23,613 bytes; `zcat |
/// grep -c '^CONFIG_\|^# CONFIG_.* is not set'` counts 3,051 options,
/// `CONFIG_HZ=250`, `# CONFIG_PREEMPT is not set`). A damaged one is a
/// warning naming it, never a result.
#[test]
fn a_gzipped_config_is_read_decompressed_and_a_damaged_one_is_warned() {
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/epyc-vm-2cpu/6.18.44-fc-v669/config.gz");
    let bytes = std::fs::read(&real).expect("the demo's config.gz");
    let (plain, inflated) = benchsite::site::env::gunzip_config("6.18.44-fc-v669/config.gz", &bytes)
        .expect("a config name")
        .expect("decompresses");
    assert_eq!(plain, "6.18.44-fc-v669/config");
    let text = String::from_utf8(inflated).expect("text");
    let kind = benchsite::site::env::kind(&plain, &text).expect("a kernel config");
    let mut env = benchsite::site::env::Environment::default();
    benchsite::site::env::read(kind, "6.18.44-fc-v669/config.gz", &text, &mut env);
    let fact = |k: &str| env.facts.iter().find(|f| f.key == k).map(|f| f.value.as_str());
    assert_eq!(env.facts.iter().filter(|f| f.key.starts_with("CONFIG_")).count(), 3051);
    assert_eq!(fact("CONFIG_HZ"), Some("250"));
    assert_eq!(fact("CONFIG_PREEMPT"), Some("n"));

    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/machine.yaml", "name: \"Box\"\n");
    put(&c, "m1/6.9.0/dbench-32.txt", dbench("9.69"));
    let mut cut = bytes.clone();
    cut.truncate(3000);
    std::fs::write(c.join("m1/6.9.0/config.gz"), &cut).expect("write");
    let out = tmp.path().join("out");
    let built = benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let stderr = String::from_utf8_lossy(&built.get_output().stderr).into_owned();
    assert!(stderr.contains("6.9.0/config.gz: a gzipped kernel configuration that cannot be decompressed"), "{stderr}");
}

/// A dmesg with a WARNING marks its kernel's results (issue 23, point 3):
/// a real boot log (`tests/sites/dmesg-warning/SOURCES.md`) beside one
/// kernel, none beside the other. Every table row of the kernel carries
/// the mark in HTML (with what it stands for as its title), Markdown and
/// the mail, the page explains it once with the file, line and message,
/// its kernel page's header and every list of the class's kernels carry
/// it; the other kernel is unmarked.
#[test]
fn a_dmesg_warning_marks_its_kernels_results_in_every_rendering() {
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/dmesg-warning");
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join("rpi4").join(f)).expect(f);
    let (mail, md, html) = (read("email.txt"), read("index.md"), read("index.html"));
    let (marked, unmarked) = ("5.15.0-trunk-arm64", "5.10.0-9-arm64");
    let warning = "WARNING: CPU: 0 PID: 1 at arch/arm64/kernel/smp.c:426 smp_cpus_done+0x78/0xc4";
    let title = format!("dmesg shows a problem: {warning} (5.15.0-trunk-arm64/dmesg.txt, line 13)");
    assert!(html.contains(&format!(">{marked}</a><abbr class=\"flag\" title=\"{title}\">!</abbr><td>")), "{html}");
    assert!(md.contains(&format!("| {marked}! |")), "{md}");
    assert!(mail.lines().any(|l| l.starts_with(&format!("{marked}! "))), "{mail}");
    let md_text = md.replace('`', "").replace("\\_", "_").replace("\\!", "!");
    for text in [&mail, &md_text, &html] {
        let text = text.replace("&#x27;", "'").replace("&#39;", "'");
        assert!(text.contains(&format!("{unmarked} ")) || text.contains(&format!("{unmarked}<")), "{text}");
        assert!(!text.contains(&format!("{unmarked}!")), "{text}");
        // The mail wraps the legend's lines: their words, in order.
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("! after a kernel's name marks its results wherever shown"), "{text}");
        assert!(words.contains(&format!("5.15.0-trunk-arm64/dmesg.txt (line 13): {warning}")), "{text}");
    }
    // The comparison page and the regressions page mark it too, and say why.
    let compare = read("compare.html");
    assert!(compare.contains(&format!(
        "<h2><span class=\"kernel\">{marked}</span><abbr class=\"flag\" title=\"{title}\">!</abbr> vs"
    )));
    assert!(compare.contains("<ul class=\"dmesg\"><li>! after a kernel&#39;s name"), "{compare}");
    let regressions = read("regressions.md");
    assert!(regressions.contains(&format!("| {marked}! |")) && !regressions.contains(&format!("{unmarked}!")));
    assert!(regressions.contains("(line 13): WARNING: CPU: 0 PID: 1"), "{regressions}");
    // data.json names the problem; the class without one has no such key.
    let data: serde_json::Value = serde_json::from_str(&read("data.json")).expect("data.json");
    assert_eq!(data["format"], 5);
    assert_eq!(
        data["dmesg_problems"],
        serde_json::json!([{"kernel": marked, "file": "5.15.0-trunk-arm64/dmesg.txt", "line": 13, "text": warning}])
    );
    let kernel = read("kernels/5.15.0-trunk-arm64.html");
    assert!(kernel.contains(&format!(
        "<span class=\"kernel\">{marked}</span><abbr class=\"flag\" title=\"{title}\">!</abbr> on "
    )));
    assert!(kernel.contains(&format!("! marks this kernel's results: {title}")), "{kernel}");
    let other = read("kernels/5.10.0-9-arm64.html");
    assert!(!other.contains("class=\"flag\"") && !other.contains("marks this"), "{other}");
    // The lists of the class's kernels mark it too: the class page's, the
    // site index's, the Markdown's and the mail's.
    let flagged = format!("<abbr class=\"flag\" title=\"{title}\">!</abbr>");
    assert!(html.contains(&format!("<dd><a class=\"kernel\" href=\"kernels/{unmarked}.html\">{unmarked}</a>, <a class=\"kernel\" href=\"kernels/{marked}.html\">{marked}</a>{flagged}</dd>")), "{html}");
    let index = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(index.contains(&format!("<span class=\"kernel\">{marked}</span>{flagged}</p>")), "{index}");
    assert!(md.contains(&format!(":** {unmarked}, {marked}!\n")), "{md}");
    assert!(mail.contains(&format!("Kernels: {unmarked}, {marked}!\n")), "{mail}");
    // The CSV files carry it in their last column, `dmesg`; the charts
    // after the kernel's name, as the tables do.
    let csv_dir = out.join("rpi4").join("csv");
    let csv_file = std::fs::read_dir(&csv_dir).expect("csv dir").next().expect("a csv file").expect("entry").path();
    let csv = common::csv_long(&std::fs::read_to_string(&csv_file).expect("csv"));
    let mut lines = csv.lines();
    assert!(
        lines.next().is_some_and(|h| h.starts_with("kernel,") && h.ends_with(",p_adjusted,dmesg,at_least")),
        "{csv}"
    );
    for l in lines {
        // `dmesg`, then `at_least` (empty: every run timed its test).
        let want = if l.starts_with(marked) { ",!," } else { ",," };
        assert!(l.ends_with(want), "{l}");
    }
    let charts: Vec<String> = std::fs::read_dir(out.join("rpi4").join("charts"))
        .expect("charts dir")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).unwrap_or_default())
        .collect();
    assert!(charts.iter().any(|svg| svg.contains(&format!("{marked}!"))), "no chart labels {marked}!");
    assert!(charts.iter().all(|svg| !svg.contains(&format!("{unmarked}!"))));
}

/// A results log that opens with boot messages (a serial-console capture)
/// or with 20 `CONFIG_` lines (a script printing the options it cares
/// about) was taken for an environment file by its contents, and its
/// dbench run dropped without a word (attack34 #4). A file told so by
/// its contents alone is read for results too: results where a parser
/// finds some, environment as well. One named as environment (`dmesg`)
/// stays environment.
#[test]
fn a_log_opening_like_an_environment_file_is_still_read_for_results() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/machine.yaml", "name: \"Box\"\nbaseline: \"6.1\"\n");
    let boot =
        "[    0.000000] Linux version 6.1.0 (gcc version 12)\n[    0.000001] Command line: quiet\n\n$ dbench 32\n";
    put(&c, "m1/6.1/console.log", format!("{boot}{}", dbench("9.25")));
    let config: String = (0..20).map(|i| format!("CONFIG_OPT_{i}=y\n")).collect();
    put(&c, "m1/6.2/run.log", format!("{config}{}", dbench("8.75")));
    put(&c, "m1/6.2/dmesg", format!("{boot}{}", dbench("1.5")));
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let csv: String = walkdir::WalkDir::new(out.join("m1/csv"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| std::fs::read_to_string(e.path()).expect("csv"))
        .collect();
    assert!(csv.contains("9.25") && csv.contains("8.75"), "{csv}");
    assert!(!csv.contains(",1.5"), "the file named dmesg was read as results: {csv}");
    // `parse` says the same.
    let parsed = benchsite().arg("parse").arg(c.join("m1/6.1/console.log")).output().expect("parse");
    let said = String::from_utf8_lossy(&parsed.stdout);
    assert!(said.contains("9.25") && !said.contains("environment file"), "{said}");
}

/// A log that says one WARNING many times (archive35 i5-2500k: 135 times
/// in 3.11.10-stats/dmesg.log, on whichever CPU and PID) is one entry of
/// `data.json`'s `dmesg_problems` with its count and last line, not one
/// an occurrence (24 KB of that class's data.json); a `sysctl -a` of
/// many values is counted on the kernel's page and its class page, with
/// its file, not listed (230 KB of e5-4620 4.5.5's page).
#[test]
fn a_repeated_warning_and_a_long_sysctl_list_are_counted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/machine.yaml", "name: \"Box\"\n");
    put(&c, "m1/6.9.0/dbench-32.txt", dbench("9.69"));
    let mut dmesg = String::from("[    0.000000] Linux version 6.9.0\n");
    for (cpu, pid) in [(2, 20016), (2, 2088), (3, 20010)] {
        dmesg.push_str(&format!(
            "[ 3.{pid}] WARNING: CPU: {cpu} PID: {pid} at fs/ext4/inode.c:363 ext4_da_update_reserve_space+0x1e9/0x250()\n[ 3.{pid}] Modules linked in: x\n"
        ));
    }
    put(&c, "m1/6.9.0/dmesg.log", &dmesg);
    let sysctl: String = (0..300).map(|i| format!("vm.knob_{i} = {i}\n")).collect();
    put(&c, "m1/6.9.0/sysctl.log", &sysctl);
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join("m1").join(f)).expect(f);
    let data: serde_json::Value = serde_json::from_str(&read("data.json")).expect("data.json");
    let problems = data["dmesg_problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    assert_eq!(
        (&p["count"], &p["line"], &p["last_line"]),
        (&serde_json::json!(3), &serde_json::json!(2), &serde_json::json!(6)),
        "{p}"
    );
    for page in ["kernels/6.9.0.html", "index.html"] {
        let html = read(page);
        assert!(html.contains("300 sysctl values (in 6.9.0/sysctl.log)"), "{page}");
        assert!(!html.contains("vm.knob_17"), "{page}");
    }
}
