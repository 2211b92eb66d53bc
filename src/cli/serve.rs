//! `benchsite serve`: the site from memory over HTTP, rebuilt on change.

use crate::build::BuildOptions;
use crate::serve::{ServeError, Server};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `serve`'s arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Content directory.
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Theme directory (default: themes/<site.yaml's theme, or default> beside the content).
    #[arg(long)]
    pub theme: Option<PathBuf>,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = crate::serve::DEFAULT_PORT)]
    pub port: u16,
    /// Address to listen on; anything but a loopback address lets other
    /// machines read the site.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Width of the plaintext (email.txt) in columns (20 to 1000).
    #[arg(long, default_value_t = 72, value_parser = crate::cli::width_parser())]
    pub width: usize,
}

/// Runs `serve` until the process is interrupted; exit status 1 when the
/// server cannot start.
pub fn run(args: ServeArgs) -> ExitCode {
    let ServeArgs { content, theme, port, bind, width } = args;
    let opts = BuildOptions {
        content,
        output: PathBuf::from("output"),
        theme_dir: theme,
        text_width: width,
        force: false,
        overwrite: false,
        base_url: None,
    };
    let addr = std::net::SocketAddr::new(bind, port);
    match Server::start_with(opts, addr, crate::cli::quiet()) {
        Ok(server) => {
            if !bind.is_loopback() {
                errln!("warning: listening on {bind}: other machines can reach this server");
            }
            errln!("serving at http://{}/ (Ctrl-C to stop)", server.addr());
            server.wait();
            ExitCode::SUCCESS
        }
        Err(ServeError::Bind { source, .. }) if source.kind() == std::io::ErrorKind::AddrInUse => {
            errln!(
                "error: port {port} on {bind} is already in use (another benchsite serve?); choose another with --port N"
            );
            ExitCode::from(1)
        }
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
