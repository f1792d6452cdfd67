//! The `grundy` command line: parse, run, map errors to exit codes.
//!
//! Exit codes: 0 success (also `--help`, `--version`, and a reader that
//! closed the pipe); 1 a check that found a claim (`octal check`) or rows of a claims table (`octal check-table`) not holding; 2 any error, usage errors included, printed as one
//! line starting `error:`; 130 a run interrupted by Ctrl-C or SIGTERM
//! (after saving its progress, or with its staged output removed; either
//! way one `error: interrupted; ...` line says so).

mod cli;

use clap::Parser;

fn main() {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => usage_error(e),
    };
    // Ctrl-C or SIGTERM: a command that saves its progress stops by itself
    // (exit 130); any other ends here, its staged output removed, so no
    // half-written output and no empty directory is left behind.
    let _ = ctrlc::set_handler(|| {
        if cli::common::request_stop() || grundy_dataset::staging::committing() {
            return;
        }
        grundy_dataset::staging::remove_all_staged();
        // One line, like a run that saves its progress ("interrupted;
        // progress saved to PATH"), so a log says why the run ended.
        eprintln!("error: interrupted; nothing was written");
        std::process::exit(130);
    });
    if let Err(e) = cli::run(args) {
        if closed_pipe(&e) {
            // The reader went away (`grundy ... | head`): end quietly.
            std::process::exit(0);
        }
        eprintln!("error: {}", one_line(&e));
        std::process::exit(exit_code(&e));
    }
}

/// Whether `e` comes from writing to a reader that closed the pipe.
fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// 130 for an interrupted run, 1 for a refuted claim (`octal check`,
/// `octal check-table`), 2 for every other error.
fn exit_code(e: &anyhow::Error) -> i32 {
    if e.downcast_ref::<cli::refuted::Refuted>().is_some() {
        return 1;
    }
    if e.chain().any(|c| {
        matches!(
            c.downcast_ref::<grundy_core::Error>(),
            Some(grundy_core::Error::Interrupted { .. } | grundy_core::Error::Stopped)
        )
    }) {
        130
    } else {
        2
    }
}

/// The error and its causes on one line ([`grundy_core::error::one_line`]).
fn one_line(e: &anyhow::Error) -> String {
    grundy_core::error::one_line(e.chain())
}

/// Help and version go to standard output with exit 0; any other clap
/// error becomes one `error:` line (its detail and the usage, joined) and
/// exit 2.
fn usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            std::process::exit(0);
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("error: a subcommand is required; see 'grundy --help'");
            std::process::exit(2);
        }
        _ => {}
    }
    let rendered = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    for line in rendered.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("For more information") {
            continue;
        }
        let line = line.strip_prefix("error:").unwrap_or(line).trim();
        let line = line
            .strip_prefix("Usage:")
            .map(|u| format!("usage: {}", u.trim()))
            .unwrap_or_else(|| line.to_string());
        parts.push(line);
    }
    // A line ending in ':' introduces a list (the missing arguments):
    // its items are joined with commas, other parts with semicolons.
    let mut text = String::new();
    let mut listing = false;
    for p in parts {
        let is_item = listing && !p.starts_with("usage:") && !p.starts_with("tip:");
        if !text.is_empty() {
            text.push_str(match (text.ends_with(':'), is_item) {
                (true, _) => " ",
                (false, true) => ", ",
                (false, false) => "; ",
            });
        }
        listing = p.ends_with(':') || is_item;
        text.push_str(&p);
    }
    eprintln!("error: {text}");
    std::process::exit(2);
}
