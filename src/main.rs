//! The `fushi` command line: serve the web application, import and export archives.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Duplicate tournaments of Shengji (升级 / 拖拉机) in the 记副式复式 format.
#[derive(Parser)]
#[command(name = "fushi", version, about)]
struct Cli {
    /// The database: a postgres:// or postgresql:// URL, or a SQLite file path
    /// (default: fushi.db in the working directory).
    #[arg(long, global = true, env = "DATABASE_URL")]
    db: Option<String>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web application (the default when no command is given).
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080", env = "FUSHI_BIND")]
        bind: String,
    },
    /// Create a tournament from an archive folder or a .zip of one (SPEC §9).
    Import {
        /// The archive folder or .zip.
        path: PathBuf,
    },
    /// Write a tournament's archive files into a folder, created if needed.
    Export {
        /// The tournament's slug.
        slug: String,
        /// The folder to write into.
        outdir: PathBuf,
        /// Also write every sheet as PDF into OUTDIR/sheets/.
        #[arg(long)]
        sheets: bool,
        /// The language of the sheets: zh or en.
        #[arg(long, default_value = "zh", value_parser = ["zh", "en"])]
        lang: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,actix_server=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let db = cli
        .db
        .unwrap_or_else(|| fushi::db::DEFAULT_DATABASE.to_owned());
    let outcome = match cli.command.unwrap_or(Command::Serve {
        bind: "127.0.0.1:8080".to_owned(),
    }) {
        Command::Serve { bind } => fushi::web::serve(&db, &bind).map_err(|e| vec![e.to_string()]),
        Command::Import { path } => fushi::transfer::import_path(&db, &path).map(|summary| {
            println!("{summary}");
        }),
        Command::Export {
            slug,
            outdir,
            sheets,
            lang,
        } => fushi::transfer::export_dir(&db, &slug, &outdir).and_then(|summary| {
            println!("{summary}");
            if sheets {
                let words: &dyn fushi::sheets::Words = if lang == "en" {
                    &fushi::sheets::English
                } else {
                    &fushi::sheets::Chinese
                };
                println!(
                    "{}",
                    fushi::transfer::export_sheets(&db, &slug, &outdir, words)?
                );
            }
            Ok(())
        }),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            ExitCode::FAILURE
        }
    }
}
