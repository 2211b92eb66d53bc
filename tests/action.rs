//! The GitHub Pages workflow `init` writes and the action it uses
//! (`action.yml`): their YAML has the steps the README promises, and the
//! action's shell steps, run here as a runner would run them, build a new
//! site and stage it without benchsite's cache. The `uses:` steps
//! (actions/cache, the Pages actions) and GitHub itself are not run here.

mod common;

use serde_yaml::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn yaml(text: &str) -> Value {
    serde_yaml::from_str(text).expect("valid YAML")
}

fn generated_workflow() -> Value {
    let files = benchsite::init::files(&benchsite::init::action());
    let (_, text) = files.iter().find(|(p, _)| p == ".github/workflows/pages.yml").expect("pages.yml");
    yaml(text)
}

fn action_yml() -> Value {
    yaml(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("action.yml")).expect("action.yml"))
}

fn uses(step: &Value) -> Option<&str> {
    step.get("uses").and_then(Value::as_str)
}

#[test]
fn the_workflow_uses_this_action_between_the_official_pages_actions() {
    let wf = generated_workflow();
    let perms = &wf["permissions"];
    assert_eq!(perms["pages"].as_str(), Some("write"));
    assert_eq!(perms["id-token"].as_str(), Some("write"));
    let steps = wf["jobs"]["build"]["steps"].as_sequence().expect("build steps");
    let used: Vec<&str> = steps.iter().filter_map(uses).collect();
    let action = benchsite::init::action();
    assert_eq!(
        used,
        ["actions/checkout@v4", "actions/configure-pages@v5", action.as_str(), "actions/upload-pages-artifact@v3"]
    );
    // Cargo.toml's repository at this version's tag: OWNER/NAME@vX.Y.Z.
    let (repo, tag) = action.split_once('@').expect("OWNER/NAME@TAG");
    assert_eq!(repo.split('/').count(), 2, "{action}");
    assert_eq!(tag, format!("v{}", env!("CARGO_PKG_VERSION")));
    // The artifact is the action's staged copy, never the output directory.
    let site = steps.iter().find(|s| uses(s) == Some(action.as_str())).expect("site step");
    let upload = steps.iter().find(|s| uses(s).is_some_and(|u| u.starts_with("actions/upload-pages"))).expect("upload");
    let id = site["id"].as_str().expect("the action's step has an id");
    assert_eq!(upload["with"]["path"].as_str(), Some(format!("${{{{ steps.{id}.outputs.path }}}}").as_str()));
    // No shell step of its own: nothing to install or edit by hand.
    assert!(steps.iter().all(|s| s.get("run").is_none()));
    let deploy = wf["jobs"]["deploy"]["steps"].as_sequence().expect("deploy steps");
    assert_eq!(deploy.iter().filter_map(uses).collect::<Vec<_>>(), ["actions/deploy-pages@v4"]);
    assert_eq!(wf["jobs"]["deploy"]["needs"].as_str(), Some("build"));
}

#[test]
fn the_action_is_composite_caches_and_keeps_expressions_out_of_scripts() {
    let action = action_yml();
    assert_eq!(action["runs"]["using"].as_str(), Some("composite"));
    let steps = action["runs"]["steps"].as_sequence().expect("steps");
    let caches = steps.iter().filter(|s| uses(s).is_some_and(|u| u.starts_with("actions/cache@"))).count();
    assert_eq!(caches, 2, "the installed benchsite and the previous build");
    for s in steps {
        if let Some(run) = s.get("run").and_then(Value::as_str) {
            assert_eq!(s["shell"].as_str(), Some("bash"), "{run}");
            // Inputs reach a script through env only: no injection, and the
            // test below can run it.
            assert!(!run.contains("${{"), "an expression inside a script: {run}");
        }
    }
    assert!(action["outputs"]["path"]["value"].as_str().is_some_and(|v| v.contains("steps.stage.outputs.path")));
}

#[cfg(unix)]
/// Evaluates the few expressions the action's `env:` values use.
fn expand(value: &str, inputs: &BTreeMap<String, String>, outputs: &BTreeMap<String, String>) -> String {
    let mut out = value.to_string();
    while let Some(start) = out.find("${{") {
        let end = start + out[start..].find("}}").expect("closed expression") + 2;
        let expr = out[start + 3..end - 2].trim();
        let got = if expr == "github.action_path" {
            env!("CARGO_MANIFEST_DIR").to_string()
        } else if let Some(name) = expr.strip_prefix("inputs.") {
            inputs.get(name).cloned().unwrap_or_else(|| panic!("no input {name}"))
        } else if let Some(rest) = expr.strip_prefix("steps.") {
            outputs.get(rest).cloned().unwrap_or_else(|| panic!("no step output {rest}"))
        } else {
            panic!("an expression the test does not know: {expr}")
        };
        out.replace_range(start..end, &got);
    }
    out
}

#[cfg(unix)]
/// What one run of the action's shell steps printed, and its outputs.
struct Run {
    stdout: String,
    outputs: BTreeMap<String, String>,
}

#[cfg(unix)]
/// Runs every `run:` step of action.yml in `repo` with bash, as a runner
/// does (GITHUB_OUTPUT, GITHUB_PATH, RUNNER_TEMP), with benchsite already
/// "installed" where the install step looks (so no `cargo install`).
fn run_action_steps(repo: &Path, runner_temp: &Path) -> Run {
    run_action_steps_with(repo, runner_temp, &[])
}

#[cfg(unix)]
/// [`run_action_steps`] with the inputs `with` (name, value) set.
fn run_action_steps_with(repo: &Path, runner_temp: &Path, with: &[(&str, &str)]) -> Run {
    let action = action_yml();
    let mut inputs: BTreeMap<String, String> = action["inputs"]
        .as_mapping()
        .expect("inputs")
        .iter()
        .map(|(k, v)| (k.as_str().expect("name").to_string(), v["default"].as_str().unwrap_or("").to_string()))
        .collect();
    for (k, v) in with {
        assert!(inputs.contains_key(*k), "action.yml has no input {k}");
        inputs.insert((*k).to_string(), (*v).to_string());
    }
    let mut outputs = BTreeMap::new();
    let mut path = std::env::var("PATH").unwrap_or_default();
    let mut stdout = String::new();
    for step in action["runs"]["steps"].as_sequence().expect("steps") {
        let Some(script) = step.get("run").and_then(Value::as_str) else { continue };
        if step.get("if").is_some_and(|c| c.as_str() != Some("inputs.cache == 'true'")) {
            panic!("a condition the test does not know: {:?}", step["if"]);
        }
        let github_output = runner_temp.join("github_output");
        let github_path = runner_temp.join("github_path");
        std::fs::write(&github_output, "").expect("write");
        std::fs::write(&github_path, "").expect("write");
        let mut cmd = std::process::Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
            .current_dir(repo)
            .env("PATH", &path)
            .env("GITHUB_OUTPUT", &github_output)
            .env("GITHUB_PATH", &github_path)
            .env("RUNNER_TEMP", runner_temp);
        if let Some(env) = step.get("env").and_then(Value::as_mapping) {
            for (k, v) in env {
                cmd.env(k.as_str().expect("name"), expand(v.as_str().expect("value"), &inputs, &outputs));
            }
        }
        let out = cmd.output().expect("bash runs");
        let name = step["name"].as_str().unwrap_or("?");
        assert!(
            out.status.success(),
            "step {name:?} failed: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        stdout.push_str(&String::from_utf8_lossy(&out.stdout));
        let id = step.get("id").and_then(Value::as_str);
        for line in std::fs::read_to_string(&github_output).expect("read").lines() {
            let (k, v) = line.split_once('=').expect("name=value");
            if let Some(id) = id {
                outputs.insert(format!("{id}.outputs.{k}"), v.to_string());
            }
        }
        for dir in std::fs::read_to_string(&github_path).expect("read").lines() {
            path = format!("{dir}:{path}");
        }
        // Where the install step finds benchsite already installed: the
        // binary this test was built with.
        if let Some(root) = outputs.get("key.outputs.bin").filter(|_| id == Some("key")) {
            let bin = PathBuf::from(root).join("bin");
            std::fs::create_dir_all(&bin).expect("mkdir");
            let target = bin.join("benchsite");
            if !target.exists() {
                std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_benchsite"), target).expect("symlink");
            }
        }
    }
    Run { stdout, outputs }
}

#[cfg(unix)]
fn files_named_benchsite(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk").into_path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(".benchsite")))
        .collect()
}

#[cfg(unix)]
#[test]
fn the_action_steps_build_a_new_site_and_stage_it_without_the_cache() {
    let tmp = tempfile::tempdir().expect("tmp");
    let repo = tmp.path().join("site");
    let runner_temp = tmp.path().join("runner-temp");
    std::fs::create_dir_all(&runner_temp).expect("mkdir");
    benchsite::init::init(&repo, &benchsite::init::action()).expect("init");
    // A stray file: a warning, as an annotation on it; the build still passes.
    std::fs::write(repo.join("content/example-box/2.4.7/notes.txt"), "rebooted twice\n").expect("write");

    let first = run_action_steps(&repo, &runner_temp);
    assert!(
        first.stdout.contains("::warning file=content/example-box/2.4.7/notes.txt,title=benchsite::"),
        "{}",
        first.stdout
    );
    let key = &first.outputs["key.outputs.key"];
    assert!(key.starts_with(&format!("benchsite-{}-", env!("CARGO_PKG_VERSION"))), "{key}");
    let site = PathBuf::from(&first.outputs["stage.outputs.path"]);
    assert!(site.join("index.html").is_file() && site.join("example-box/index.html").is_file());
    assert!(repo.join("output/.benchsite-cache").is_dir(), "the build kept its cache");
    assert_eq!(files_named_benchsite(&site), Vec::<PathBuf>::new());

    // The next push: the output directory restored from the cache, the
    // content changed; the staged copy follows.
    std::fs::remove_file(repo.join("content/example-box/2.4.7/notes.txt")).expect("rm");
    let second = run_action_steps(&repo, &runner_temp);
    assert!(!second.stdout.contains("::warning"), "{}", second.stdout);
    assert_eq!(second.outputs["key.outputs.key"], *key, "same sources, same binary cache key");
    assert!(site.join("example-box/index.html").is_file());
    assert_eq!(files_named_benchsite(&site), Vec::<PathBuf>::new());
}

#[test]
fn the_release_workflow_builds_five_targets_on_a_version_tag() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/workflows/release.yml"))
        .expect("release.yml");
    let wf = yaml(&text);
    // YAML 1.1 reads a bare `on` as true; serde_yaml keeps it a string.
    let on = wf.get("on").expect("on:");
    assert_eq!(on["push"]["tags"][0].as_str(), Some("v*"));
    let targets: Vec<&str> = wf["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_sequence()
        .expect("matrix")
        .iter()
        .filter_map(|m| m["target"].as_str())
        .collect();
    for t in [
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "aarch64-apple-darwin",
        "x86_64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(targets.contains(&t), "{t} missing from {targets:?}");
    }
    assert!(text.contains("cargo build --release --locked --target"), "built from Cargo.lock");
    assert_eq!(wf["jobs"]["release"]["needs"].as_str(), Some("build"));
}

fn matrix_workflow() -> Value {
    yaml(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pages-matrix.yml")).expect("yml"))
}

/// The `with:` of the step of `job` that uses this action.
fn action_step<'a>(wf: &'a Value, job: &str) -> &'a Value {
    let action = benchsite::init::action();
    let steps = wf["jobs"][job]["steps"].as_sequence().expect("steps");
    let step = steps.iter().find(|s| uses(s) == Some(action.as_str()));
    &step.unwrap_or_else(|| panic!("{job}: no step uses {action}"))["with"]
}

#[test]
fn the_matrix_workflow_uploads_shards_with_their_manifest_and_merges_them() {
    let wf = matrix_workflow();
    assert_eq!(wf["permissions"]["pages"].as_str(), Some("write"));
    let shard = &wf["jobs"]["shard"];
    let parts = shard["strategy"]["matrix"]["shard"].as_sequence().expect("matrix.shard");
    let total = shard["strategy"]["matrix"]["total"][0].as_u64().expect("matrix.total");
    assert_eq!(parts.iter().filter_map(Value::as_u64).collect::<Vec<_>>(), (1..=total).collect::<Vec<_>>());
    assert_eq!(action_step(&wf, "shard")["shard"].as_str(), Some("${{ matrix.shard }}/${{ matrix.total }}"));
    let steps = shard["steps"].as_sequence().expect("steps");
    let upload = steps.iter().find(|s| uses(s) == Some("actions/upload-artifact@v4")).expect("upload-artifact");
    assert_eq!(upload["with"]["include-hidden-files"].as_bool(), Some(true), "the manifest is a hidden file");
    assert_eq!(upload["with"]["path"].as_str(), Some("${{ steps.site.outputs.path }}"));
    let merge = &wf["jobs"]["merge"];
    assert_eq!(merge["needs"].as_str(), Some("shard"));
    let steps = merge["steps"].as_sequence().expect("steps");
    let download = steps.iter().find(|s| uses(s) == Some("actions/download-artifact@v4")).expect("download");
    let dir = download["with"]["path"].as_str().expect("path");
    assert_eq!(action_step(&wf, "merge")["merge"].as_str(), Some(format!("{dir}/*").as_str()));
    assert!(steps.iter().any(|s| uses(s) == Some("actions/upload-pages-artifact@v3")));
    assert_eq!(wf["jobs"]["deploy"]["needs"].as_str(), Some("merge"));
}

#[cfg(unix)]
#[test]
fn the_matrix_workflow_steps_build_shards_and_merge_them_to_the_one_shot_site() {
    let tmp = tempfile::tempdir().expect("tmp");
    let repo = tmp.path().join("site");
    let runner_temp = tmp.path().join("runner-temp");
    std::fs::create_dir_all(&runner_temp).expect("mkdir");
    benchsite::init::init(&repo, &benchsite::init::action()).expect("init");
    // Five machine classes: the example and four copies under other names.
    let example = repo.join("content/example-box");
    for name in ["alpha", "beta-box", "gamma", "zeta"] {
        common::copy_dir(&example, &repo.join("content").join(name));
    }
    let base_url = [("base-url", "https://example.org/site/")];
    let one = run_action_steps_with(&repo, &runner_temp, &base_url);
    let one_shot = snapshot_of(Path::new(&one.outputs["stage.outputs.path"]));
    assert!(one_shot.contains_key("zeta/index.html") && one_shot.contains_key("index.html"));

    let wf = matrix_workflow();
    let matrix = &wf["jobs"]["shard"]["strategy"]["matrix"];
    let total = matrix["total"][0].as_u64().expect("total").to_string();
    let output = action_step(&wf, "shard")["output"].as_str().expect("output").to_string();
    let merge = action_step(&wf, "merge")["merge"].as_str().expect("merge").to_string();
    let downloads = repo.join(merge.trim_end_matches("/*"));
    for k in matrix["shard"].as_sequence().expect("shard") {
        let k = k.as_u64().expect("K").to_string();
        let part = format!("{k}/{total}");
        let run = run_action_steps_with(&repo, &runner_temp, &[("shard", &part), ("output", &output), base_url[0]]);
        assert!(run.stdout.contains("check skipped"), "{}", run.stdout);
        // upload-artifact, then download-artifact into shards/shard-K.
        let staged = PathBuf::from(&run.outputs["stage.outputs.path"]);
        assert!(staged.join(".benchsite-shard.json").is_file(), "the shard's manifest is uploaded");
        common::copy_dir(&staged, &downloads.join(format!("shard-{k}")));
    }
    let merged = run_action_steps_with(&repo, &runner_temp, &[("merge", &merge), ("output", "merged"), base_url[0]]);
    let site = snapshot_of(Path::new(&merged.outputs["stage.outputs.path"]));
    let differ: Vec<&String> =
        one_shot.keys().chain(site.keys()).filter(|k| one_shot.get(*k) != site.get(*k)).collect();
    assert!(differ.is_empty(), "the merged site differs from the one-shot build: {differ:?}");
    assert_eq!(files_named_benchsite(Path::new(&merged.outputs["stage.outputs.path"])), Vec::<PathBuf>::new());
}

#[cfg(unix)]
fn snapshot_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("prefix").to_string_lossy().into_owned();
            (rel, std::fs::read(e.path()).expect("read"))
        })
        .collect()
}
