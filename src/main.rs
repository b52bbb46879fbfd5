//! The `fushi` command line: serve the web application, import and export archives, deal
//! the boards.

#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use fushi::i18n::{Lang, Tr};

/// mimalloc instead of glibc's malloc: under many concurrent readers glibc keeps an arena
/// per thread and seldom returns their memory, so the server's resident memory climbed
/// run after run; mimalloc's stays flat (docs/development.md, "Live results under load": the live benchmark prints it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

// The words of `--help` are Fluent messages (`locales/*/cli.ftl`), set by [`worded`]:
// `cli-about[-COMMAND…]` for a command, `cli-help[-COMMAND…]-ARGUMENT` for an argument.
// Everything the command line says is in the language of the terminal's locale
// (`Lang::of_environment`: `LC_ALL`, `LC_MESSAGES`, `LANG`), English by default.
#[derive(Parser)]
#[command(name = "fushi", version = fushi::VERSION)]
struct Cli {
    #[arg(long, global = true, env = "DATABASE_URL")]
    db: Option<String>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    Serve {
        #[command(flatten)]
        settings: Box<fushi::web::settings::Settings>,
    },
    Import {
        path: PathBuf,
    },
    Export {
        slug: String,
        outdir: PathBuf,
        #[arg(long)]
        sheets: bool,
        #[arg(long, default_value = "zh", value_parser = lang_code)]
        lang: Lang,
    },
    Deal {
        slug: String,
        #[arg(long)]
        seed: Option<String>,
        #[arg(long)]
        round: Option<i32>,
    },
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    Players {
        #[command(subcommand)]
        command: PlayersCommand,
    },
    Ratings {
        #[arg(long)]
        recompute: bool,
    },
    Series {
        #[command(subcommand)]
        command: SeriesCommand,
    },
    Backup {
        out: PathBuf,
    },
    Healthcheck {
        #[arg(long, default_value = "127.0.0.1:8080", env = "FUSHI_BIND")]
        bind: String,
        #[arg(long, env = "FUSHI_TLS_CERT")]
        tls_cert: Option<PathBuf>,
    },
    Copy {
        #[arg(long)]
        from: String,
        #[arg(long)]
        to: String,
        #[arg(long)]
        without_secrets: bool,
    },
}

#[derive(Subcommand)]
enum PlayersCommand {
    Import { file: PathBuf },
    Export { dir: PathBuf },
}

#[derive(Subcommand)]
enum SeriesCommand {
    Export {
        slug: String,
        dir: PathBuf,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        count_best: Option<u32>,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    Add {
        name: String,
        #[arg(long, value_parser = ["admin", "director", "scorer"])]
        role: String,
    },
    Password {
        name: String,
    },
}

/// `cmd` with the about of it and of each of its subcommands, and the help of every
/// argument, from the messages of `t` (see the comment on [`Cli`]); `path` names the
/// command (`""`, `export`, `user-add`).
fn worded(cmd: clap::Command, t: &Tr, path: &str) -> clap::Command {
    let id = |prefix: &str, name: &str| {
        [prefix, path, name]
            .iter()
            .filter(|part| !part.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("-")
    };
    let mut cmd = cmd.about(t.t(&id("cli-about", "")));
    let args: Vec<(String, bool)> = cmd
        .get_arguments()
        .map(|a| (a.get_id().to_string(), a.is_global_set()))
        .collect();
    for (arg, global) in args {
        let help = match arg.as_str() {
            // clap's own flags, on every command: one message each.
            "help" | "version" => t.t(&format!("cli-flag-{arg}")),
            // `--db`, repeated on every command by clap: the top command's message.
            _ if global => t.t(&format!("cli-help-{arg}")),
            _ => t.t(&id("cli-help", &arg)),
        };
        cmd = cmd.mut_arg(&arg, |a| a.help(help));
    }
    let subcommands: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in subcommands {
        if name == "help" {
            // clap's `help [COMMAND]`: only its line in the list of commands is shown.
            let about = t.t("cli-about-help");
            cmd = cmd.mut_subcommand(&name, |s| s.about(about));
            continue;
        }
        let inner = id("", &name);
        cmd = cmd.mut_subcommand(&name, |s| worded(s, t, &inner));
    }
    cmd
}

/// A language of fushi by its code (`zh`, `zh-Hant`, `en`).
fn lang_code(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = Lang::all().map(Lang::code).collect();
        Tr::new(Lang::of_environment()).a("cli-lang-one-of", "codes", codes.join(", "))
    })
}

/// The password from stdin (its first line), or a generated one when stdin is a terminal
/// or empty; `true` when generated.
fn password_from_stdin(t: &Tr) -> Result<(String, bool), Vec<String>> {
    use std::io::{IsTerminal, Read};
    let stdin = std::io::stdin();
    let mut text = String::new();
    if !stdin.is_terminal() {
        stdin
            .lock()
            .read_to_string(&mut text)
            .map_err(|e| vec![t.a("cli-password-unreadable", "error", e)])?;
    }
    let line = text.lines().next().unwrap_or("").to_owned();
    if line.is_empty() {
        Ok((fushi::db::accounts::generate_password(), true))
    } else {
        Ok((line, false))
    }
}

fn user_command(db: &str, command: UserCommand, t: &Tr) -> Result<(), Vec<String>> {
    use fushi::db::accounts::{self, Role};
    let mut conn = fushi::db::open(db).map_err(|e| vec![fushi::db::report(&e)])?;
    let (password, generated) = password_from_stdin(t)?;
    let refused = |e: accounts::AccountError| vec![e.text(t)];
    let name = match command {
        UserCommand::Add { name, role } => {
            let role =
                Role::parse(&role).ok_or_else(|| vec![t.a("cli-unknown-role", "role", &role)])?;
            accounts::create_user(&mut conn, &name, &password, role).map_err(refused)?;
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
            accounts::set_password(&mut conn, &name, &password).map_err(refused)?;
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

/// How a command ends badly: a refused setting (nothing was done) or a failure on the way.
enum Failed {
    /// A setting refused at start, the address to listen on included: exit status 2, like
    /// every refusal of the command line itself (clap's).
    Configuration(Vec<String>),
    /// Exit status 1.
    Run(Vec<String>),
}

/// The exit status of every configuration error (docs/operations.md, "Configuration").
const CONFIGURATION_ERROR: u8 = 2;

/// `fushi serve`: with `--lan` on every interface; checks every setting and takes the
/// address before it opens the database, then says where the players' phones open fushi.
fn serve(db: &str, settings: &fushi::web::settings::Settings, t: &Tr) -> Result<(), Failed> {
    use fushi::web::hall::{self, Hall, PublicUrl};
    settings
        .check()
        .map_err(|refused| Failed::Configuration(vec![format!("error: {refused}")]))?;
    let public_url = match settings.public_url.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            Some(PublicUrl::parse(text).map_err(|e| Failed::Configuration(vec![e.text(t)]))?)
        }
    };
    let bind = if settings.lan {
        hall::lan_bind(&settings.bind)
    } else {
        settings.bind.clone()
    };
    let bound = fushi::web::bind(&bind).map_err(|e| {
        let why = t.a("cli-setting-why-bind-taken", "error", e);
        let var = if settings.lan { "--lan" } else { "FUSHI_BIND" };
        Failed::Configuration(vec![format!(
            "error: {}",
            fushi::web::settings::refused_because(var, &bind, &why)
        )])
    })?;
    let hall = Hall {
        https: settings.tls_cert.is_some(),
        ..Hall::for_bind(&bind, public_url)
    };
    for line in hall::start_lines(&bind, &hall, t) {
        println!("{line}");
    }
    fushi::web::serve(db, settings, bound, hall, t)
        .map_err(|e| Failed::Run(vec![fushi::db::report(&e)]))
}

fn main() -> ExitCode {
    let t = Tr::new(Lang::of_environment());
    // Built first, so that clap's own `--help`, `--version` and `help` are there to word.
    let mut cmd = Cli::command();
    cmd.build();
    let cmd = worded(cmd, &t, "");
    let mut matches = cmd.clone().get_matches();
    if matches.subcommand().is_none() {
        // No command is `serve`, read by clap like any other: its `--bind` default and
        // `FUSHI_BIND` apply.
        matches = cmd.get_matches_from(std::env::args_os().chain(["serve".into()]));
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match &cli.command {
        Some(Command::Serve { settings }) => fushi::web::settings::init_log(&settings.log),
        _ => fushi::web::settings::init_log(&fushi::web::settings::LogSettings::default()),
    }
    let db = cli
        .db
        .unwrap_or_else(|| fushi::db::DEFAULT_DATABASE.to_owned());
    let outcome = match cli.command.expect("a command: `serve` when none is given") {
        Command::Serve { settings } => match serve(&db, &settings, &t) {
            Ok(()) => Ok(()),
            Err(Failed::Run(problems)) => Err(problems),
            Err(Failed::Configuration(problems)) => {
                for p in problems {
                    eprintln!("{p}");
                }
                return ExitCode::from(CONFIGURATION_ERROR);
            }
        },
        Command::Healthcheck { bind, tls_cert } => {
            fushi::web::healthcheck::check(&bind, tls_cert.is_some())
                .map_err(|why| vec![t.a("cli-healthcheck-unhealthy", "why", why)])
        }
        Command::Import { path } => fushi::transfer::import_path(&db, &path, &t).map(|summary| {
            println!("{summary}");
        }),
        Command::Export {
            slug,
            outdir,
            sheets,
            lang,
        } => fushi::transfer::export_dir(&db, &slug, &outdir, &t).and_then(|summary| {
            println!("{summary}");
            if sheets {
                println!(
                    "{}",
                    fushi::transfer::export_sheets(&db, &slug, &outdir, lang, &t)?
                );
            }
            Ok(())
        }),
        Command::Deal { slug, seed, round } => {
            fushi::transfer::deal(&db, &slug, seed.as_deref(), round, &t).map(|lines| {
                for line in lines {
                    println!("{line}");
                }
            })
        }
        Command::User { command } => user_command(&db, command, &t),
        Command::Players { command } => match command {
            PlayersCommand::Import { file } => fushi::transfer::import_players(&db, &file, &t),
            PlayersCommand::Export { dir } => fushi::transfer::export_players(&db, &dir, &t),
        }
        .map(|done| println!("{done}")),
        Command::Ratings { recompute } => {
            fushi::transfer::ratings(&db, recompute, &t).map(|done| println!("{done}"))
        }
        Command::Series {
            command:
                SeriesCommand::Export {
                    slug,
                    dir,
                    count_best,
                },
        } => fushi::transfer::export_series(&db, &slug, &dir, count_best, &t)
            .map(|done| println!("{done}")),
        Command::Copy {
            from,
            to,
            without_secrets,
        } => fushi::transfer::copy_database(&from, &to, !without_secrets, &t)
            .map(|summary| println!("{summary}")),
        Command::Backup { out } => {
            fushi::transfer::backup(&db, &out, &t).map(|summary| println!("{summary}"))
        }
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
