//! The `fushi` command line: serve the web application, import and export archives.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fushi::i18n::{Lang, Tr};

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
    /// Create a tournament from an archive folder or a .zip of one (docs/rules.md §9).
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
        /// The language of the sheets: zh (简体中文), zh-Hant (繁體中文) or en.
        #[arg(long, default_value = "zh", value_parser = lang_code)]
        lang: Lang,
    },
    /// Manage accounts: the password is read from stdin, or generated and printed when
    /// stdin is empty or a terminal.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Add a user.
    Add {
        /// The user's name.
        name: String,
        /// admin, director or scorer.
        #[arg(long, value_parser = ["admin", "director", "scorer"])]
        role: String,
    },
    /// Set a user's password (their sessions end).
    Password {
        /// The user's name.
        name: String,
    },
}

/// A language of fushi by its code (`zh`, `zh-Hant`, `en`).
fn lang_code(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = Lang::all().map(Lang::code).collect();
        format!("one of {}", codes.join(", "))
    })
}

/// The password from stdin (its first line), or a generated one when stdin is a terminal
/// or empty; `true` when generated.
fn password_from_stdin() -> Result<(String, bool), Vec<String>> {
    use std::io::{IsTerminal, Read};
    let stdin = std::io::stdin();
    let mut text = String::new();
    if !stdin.is_terminal() {
        stdin
            .lock()
            .read_to_string(&mut text)
            .map_err(|e| vec![Tr::en().a("cli-password-unreadable", "error", e)])?;
    }
    let line = text.lines().next().unwrap_or("").to_owned();
    if line.is_empty() {
        Ok((fushi::db::accounts::generate_password(), true))
    } else {
        Ok((line, false))
    }
}

fn user_command(db: &str, command: UserCommand) -> Result<(), Vec<String>> {
    use fushi::db::accounts::{self, Role};
    let mut conn = fushi::db::open(db).map_err(|e| vec![e.to_string()])?;
    let (password, generated) = password_from_stdin()?;
    let t = Tr::en();
    let name = match command {
        UserCommand::Add { name, role } => {
            let role =
                Role::parse(&role).ok_or_else(|| vec![t.a("cli-unknown-role", "role", &role)])?;
            accounts::create_user(&mut conn, &name, &password, role)
                .map_err(|e| vec![e.to_string()])?;
            println!(
                "{}",
                t.args(
                    "cli-user-added",
                    &[
                        ("name", name.clone().into()),
                        ("role", role.to_string().into())
                    ]
                )
            );
            name
        }
        UserCommand::Password { name } => {
            accounts::set_password(&mut conn, &name, &password).map_err(|e| vec![e.to_string()])?;
            println!("{}", t.a("cli-password-set", "name", &name));
            name
        }
    };
    if generated {
        println!(
            "{}",
            t.args(
                "cli-password-generated",
                &[("name", name.into()), ("password", password.into())]
            )
        );
    }
    Ok(())
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
                println!(
                    "{}",
                    fushi::transfer::export_sheets(&db, &slug, &outdir, lang)?
                );
            }
            Ok(())
        }),
        Command::User { command } => user_command(&db, command),
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
