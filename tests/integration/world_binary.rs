//! The server against the world, through the real binary: settings that would open the
//! door are refused at start with one exit status, a taken port creates no database, the
//! files that hold secrets are private whatever the umask, HTTPS from the operator's
//! certificate, the container's health check, and `fushi copy` of a database in use.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use diesel::RunQueryDsl;

use crate::common::browser::{Process, free_port, wait_for_port};
use crate::common::{TestDb, backends, fushi_command, import_club_night};

/// Every configuration error exits with this status (docs/operations.md, Configuration).
const CONFIGURATION_ERROR: i32 = 2;

/// Settings that would let anyone in are refused, naming the variable, with exit status 2,
/// before a database is created.
#[test]
fn settings_that_open_the_door_are_refused_before_the_database_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("never.db");
    let cases = [
        (
            "FUSHI_TRUSTED_PROXIES",
            "0.0.0.0/0",
            "FUSHI_TRUSTED_PROXIES=0.0.0.0/0: a range that holds every address",
        ),
        (
            "FUSHI_TRUSTED_PROXIES",
            "127.0.0.1, ::/0",
            "FUSHI_TRUSTED_PROXIES=127.0.0.1, ::/0: a range",
        ),
        (
            "FUSHI_SECRET_KEY",
            &"00".repeat(64),
            "FUSHI_SECRET_KEY=…: the key's bytes repeat",
        ),
        (
            "FUSHI_MAX_LISTENERS",
            "0",
            "FUSHI_MAX_LISTENERS=0: expected a whole number of at least 1",
        ),
        (
            "FUSHI_PROXY_HEADER",
            "X-Real-IP",
            "FUSHI_PROXY_HEADER=X-Real-IP: expected X-Forwarded-For or Forwarded",
        ),
        ("FUSHI_PUBLIC_URL", "ftp://hall", "ftp://hall"),
        (
            "FUSHI_TLS_CERT",
            "/nonexistent/cert.pem",
            "FUSHI_TLS_CERT=/nonexistent/cert.pem: set both",
        ),
        (
            "FUSHI_SECURE_COOKIES",
            "yes",
            "FUSHI_SECURE_COOKIES=yes: expected true or false",
        ),
    ];
    for (var, value, says) in cases {
        let out = fushi_command()
            .args(["serve", "--db", db.to_str().unwrap()])
            .env("FUSHI_BIND", "127.0.0.1:0")
            .env(var, value)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(CONFIGURATION_ERROR),
            "{var}={value}: {stderr}"
        );
        assert!(stderr.contains(says), "{var}={value}: {stderr}");
        assert!(!db.exists(), "{var}={value} created the database");
    }
}

/// A port another program holds stops fushi before it creates or migrates the database,
/// with the address, the configuration error's status, and no "open fushi at" line.
#[test]
fn a_taken_port_creates_no_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fushi.db");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let bind = taken.local_addr().unwrap().to_string();
    let out = fushi_command()
        .args(["serve", "--db", db.to_str().unwrap(), "--bind", &bind])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(CONFIGURATION_ERROR), "{stderr}");
    assert!(
        stderr.contains(&format!("FUSHI_BIND={bind}: cannot listen there")),
        "{stderr}"
    );
    assert!(
        stdout.is_empty(),
        "said something before it could listen: {stdout}"
    );
    assert!(!db.exists(), "the database was created");
}

/// `fushi` run through `sh` with umask 022 (the usual one, which makes files 0644).
fn with_umask(args: &[&str]) -> std::process::Command {
    let program = fushi_command().get_program().to_owned();
    let mut sh = std::process::Command::new("sh");
    sh.arg("-c")
        .arg("umask 022 && exec \"$0\" \"$@\"")
        .arg(program)
        .args(args);
    sh
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

/// Under umask 022 the database the server creates, its WAL and SHM, and a backup are
/// 0600: they hold the cookie key and the unrevealed seeds.
#[cfg(unix)]
#[test]
fn databases_and_backups_are_private_whatever_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fushi.db");
    let port = free_port();
    let server = Process(
        with_umask(&["serve", "--db", db.to_str().unwrap()])
            .env("FUSHI_BIND", format!("127.0.0.1:{port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi");
    // The port is taken before the database is opened: one answer says both are.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let wal = dir.path().join("fushi.db-wal");
    let shm = dir.path().join("fushi.db-shm");
    for file in [&db, &wal, &shm] {
        assert_eq!(mode(file), 0o600, "{}", file.display());
    }
    let backup = dir.path().join("backup.db");
    let out = with_umask(&[
        "backup",
        backup.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&backup), 0o600);
    drop(server);
    // `fushi copy` into a new SQLite file: private too.
    let copied = dir.path().join("copied.db");
    let out = with_umask(&[
        "copy",
        "--from",
        db.to_str().unwrap(),
        "--to",
        copied.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&copied), 0o600);
}

/// The cron line of docs/operations.md works as pasted: cron ends a command at an unescaped
/// `%` and turns `\%` into `%`; read so, with the test's paths for the document's, it writes
/// a private backup named by the date.
#[cfg(unix)]
#[test]
fn the_cron_line_of_the_operations_guide_makes_a_backup() {
    let operations =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operations.md"))
            .unwrap();
    let line = operations
        .lines()
        .find(|l| l.starts_with("*/10 * * * * "))
        .expect("the cron line");
    let command = line.splitn(6, ' ').nth(5).unwrap();
    let unescaped = command.replace("\\%", "\u{0}");
    assert!(
        !unescaped.contains('%'),
        "an unescaped % ends cron's command: {line}"
    );
    let db = TestDb::sqlite();
    import_club_night(&db);
    let dir = tempfile::tempdir().unwrap();
    let fushi = fushi_command().get_program().to_string_lossy().into_owned();
    let command = unescaped
        .replace('\u{0}', "%")
        .replace("/usr/local/bin/fushi", &fushi)
        .replace("/var/backups/fushi", dir.path().to_str().unwrap())
        .replace("/var/lib/fushi/fushi.db", db.url());
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("umask 022 && {command}"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let made: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(made.len(), 1, "{made:?}");
    let name = made[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("fushi-20") && name.ends_with(".db") && name.len() == 22,
        "{name}"
    );
    assert_eq!(mode(&made[0]), 0o600);
}

/// A self-signed certificate for `localhost` and 127.0.0.1, and its key, as PEM files.
fn self_signed(dir: &Path) -> (PathBuf, PathBuf) {
    use openssl::asn1::Asn1Time;
    use openssl::bn::BigNum;
    use openssl::ec::{EcGroup, EcKey};
    use openssl::hash::MessageDigest;
    use openssl::nid::Nid;
    use openssl::pkey::PKey;
    use openssl::x509::extension::SubjectAlternativeName;
    use openssl::x509::{X509, X509NameBuilder};
    let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
    let key = PKey::from_ec_key(EcKey::generate(&group).unwrap()).unwrap();
    let mut name = X509NameBuilder::new().unwrap();
    name.append_entry_by_text("CN", "localhost").unwrap();
    let name = name.build();
    let mut cert = X509::builder().unwrap();
    cert.set_version(2).unwrap();
    let serial = BigNum::from_u32(1).unwrap().to_asn1_integer().unwrap();
    cert.set_serial_number(&serial).unwrap();
    cert.set_subject_name(&name).unwrap();
    cert.set_issuer_name(&name).unwrap();
    cert.set_pubkey(&key).unwrap();
    cert.set_not_before(&Asn1Time::days_from_now(0).unwrap())
        .unwrap();
    cert.set_not_after(&Asn1Time::days_from_now(2).unwrap())
        .unwrap();
    let san = SubjectAlternativeName::new()
        .dns("localhost")
        .ip("127.0.0.1")
        .build(&cert.x509v3_context(None, None))
        .unwrap();
    cert.append_extension(san).unwrap();
    cert.sign(&key, MessageDigest::sha256()).unwrap();
    let (cert_path, key_path) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert_path, cert.build().to_pem().unwrap()).unwrap();
    std::fs::write(&key_path, key.private_key_to_pem_pkcs8().unwrap()).unwrap();
    (cert_path, key_path)
}

/// `GET path` over TLS, the certificate checked against `ca`: the answer's head and body.
fn https_get(port: u16, ca: &Path, path: &str) -> String {
    use openssl::ssl::{SslConnector, SslMethod};
    let mut connector = SslConnector::builder(SslMethod::tls_client()).unwrap();
    connector.set_ca_file(ca).unwrap();
    let tcp = TcpStream::connect(("127.0.0.1", port)).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut tls = connector.build().connect("localhost", tcp).unwrap();
    write!(
        tls,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = tls.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// `fushi serve` with a certificate and key serves HTTPS (its cookies `Secure`, its
/// start-up lines `https://`); `fushi healthcheck` follows the same settings; a key that is
/// not the certificate's is refused at start.
#[test]
fn fushi_serves_https_with_the_operators_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = self_signed(dir.path());
    let db = TestDb::sqlite();
    import_club_night(&db);
    let port = free_port();
    let bind = format!("127.0.0.1:{port}");
    let log = dir.path().join("out.txt");
    let server = Process(
        fushi_command()
            .args(["serve", "--db", db.url()])
            .env("FUSHI_BIND", &bind)
            .env("FUSHI_TLS_CERT", &cert)
            .env("FUSHI_TLS_KEY", &key)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&log).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi over HTTPS");
    let answer = https_get(port, &cert, "/t/club-night/standings");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains("Club Night") || answer.contains("club-night"),
        "{answer}"
    );
    let answer = https_get(port, &cert, "/login");
    let cookie = answer
        .lines()
        .find(|l| {
            l.to_ascii_lowercase()
                .starts_with("set-cookie: fushi_session=")
        })
        .unwrap_or_else(|| panic!("no session cookie: {answer}"));
    assert!(cookie.contains("Secure"), "{cookie}");
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains(&format!("https://{bind}"))
    );
    let check = |tls: bool| {
        let mut cmd = fushi_command();
        cmd.arg("healthcheck").env("FUSHI_BIND", &bind);
        if tls {
            cmd.env("FUSHI_TLS_CERT", &cert);
        }
        cmd.output().unwrap()
    };
    assert!(check(true).status.success());
    assert!(
        !check(false).status.success(),
        "plain HTTP to an HTTPS server"
    );
    drop(server);
    // Another key than the certificate's.
    let other = tempfile::tempdir().unwrap();
    let (_, wrong_key) = self_signed(other.path());
    let out = fushi_command()
        .args(["serve", "--db", db.url()])
        .env("FUSHI_BIND", "127.0.0.1:0")
        .env("FUSHI_TLS_CERT", &cert)
        .env("FUSHI_TLS_KEY", &wrong_key)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(CONFIGURATION_ERROR), "{stderr}");
    assert!(stderr.contains("FUSHI_TLS_CERT="), "{stderr}");
}

/// The container's health check: `fushi healthcheck` asks the server where `FUSHI_BIND`
/// says it listens (a server on every interface is asked on loopback), and fails where
/// no server answers.
#[test]
fn the_health_check_follows_fushi_bind() {
    let db = TestDb::sqlite();
    let port = free_port();
    let server = Process(
        fushi_command()
            .args(["serve", "--db", db.url()])
            .env("FUSHI_BIND", format!("0.0.0.0:{port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi");
    let check = |bind: String| {
        fushi_command()
            .arg("healthcheck")
            .env("FUSHI_BIND", bind)
            .output()
            .unwrap()
    };
    assert!(check(format!("0.0.0.0:{port}")).status.success());
    assert!(check(format!("127.0.0.1:{port}")).status.success());
    let elsewhere = free_port();
    let out = check(format!("0.0.0.0:{elsewhere}"));
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!("127.0.0.1:{elsewhere}")),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    drop(server);
    let containerfile =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Containerfile")).unwrap();
    assert!(containerfile.contains("CMD [\"/usr/local/bin/fushi\", \"healthcheck\"]"));
    let mut lines = containerfile
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'));
    assert!(
        !lines.any(|l| l.contains("curl")),
        "curl is still in the image"
    );
}

/// `fushi copy` of a database while saves go on copies one moment of it: every copy's
/// tournament revision is the one its rows were saved with. Each save renames team 1 to
/// `rev N` and raises the revision to N in one transaction.
#[test]
fn a_copy_of_a_database_in_use_is_one_moment_of_it() {
    for source in backends() {
        import_club_night(&source);
        // The first save before the first copy: every copy then holds a renamed team.
        save(&mut source.open());
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writer = {
            let (url, stop) = (source.url().to_owned(), stop.clone());
            std::thread::spawn(move || {
                let mut conn = fushi::db::connect(&url).unwrap();
                let mut saves = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) && saves < 100_000 {
                    save(&mut conn);
                    saves += 1;
                }
                saves
            })
        };
        for _ in 0..6 {
            let target = TestDb::sqlite();
            let mut from = fushi::db::connect(source.url()).unwrap();
            let mut to = target.open();
            fushi::db::copy::copy(&mut from, &mut to, true).unwrap();
            let (revision, name) = revision_and_name(&mut to);
            assert_eq!(name, format!("rev {revision}"), "{:?}", source.backend());
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let saves = writer.join().unwrap();
        assert!(saves > 0);
    }
}

/// One save: team 1's name and the tournament's revision, moved on together.
fn save(conn: &mut fushi::db::DbConnection) {
    use diesel::Connection;
    conn.transaction::<_, diesel::result::Error, _>(|c| {
        diesel::sql_query(
            "UPDATE tournaments SET revision = revision + 1 WHERE slug = 'club-night'",
        )
        .execute(c)?;
        diesel::sql_query(
            "UPDATE teams SET name = 'rev ' || CAST((SELECT revision FROM tournaments \
             WHERE slug = 'club-night') AS TEXT) WHERE team_no = 1 AND tournament_id = \
             (SELECT id FROM tournaments WHERE slug = 'club-night')",
        )
        .execute(c)?;
        Ok(())
    })
    .unwrap_or_else(|e| panic!("a save: {e}"));
}

fn revision_and_name(conn: &mut fushi::db::DbConnection) -> (i64, String) {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        revision: i64,
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }
    let row: Row = match conn {
        fushi::db::DbConnection::Sqlite(c) => query().get_result(c),
        fushi::db::DbConnection::Postgres(c) => query().get_result(c),
    }
    .unwrap();
    (row.revision, row.name)
}

fn query() -> diesel::query_builder::SqlQuery {
    diesel::sql_query(
        "SELECT t.revision AS revision, m.name AS name FROM tournaments t \
         JOIN teams m ON m.tournament_id = t.id AND m.team_no = 1 WHERE t.slug = 'club-night'",
    )
}

/// One request to the real server on loopback: the whole answer as text.
fn exchange(port: u16, request: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// The real server's text log, to a file: a sign-in name that carries a forged line, an
/// escape sequence or a password stays inside one escaped line, and the password is not
/// there at all.
#[test]
fn the_real_log_cannot_be_forged_by_a_sign_in_name() {
    let db = TestDb::sqlite();
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("fushi.log");
    let port = free_port();
    let server = Process(
        fushi_command()
            .args(["serve", "--db", db.url()])
            .env("FUSHI_BIND", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log_path).unwrap())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi");
    crate::common::http::ensure_user(&db, "grace", fushi::db::accounts::Role::Director);
    let page = exchange(
        port,
        "GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    let cookie = page
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_owned();
    let marker = "name=\"csrf\" value=\"";
    let start = page.find(marker).expect("a CSRF field") + marker.len();
    let csrf = &page[start..start + page[start..].find('"').unwrap()];
    let names = [
        "evil\n2026-12-05T21:00:00.000000Z  INFO fushi::web::auth::pages: signed in user=admin",
        "\u{1b}[2J\u{1b}[31mroot",
        "Tr0ub4dor&3-typed-into-the-name",
    ];
    for name in names {
        let body = serde_urlencoded::to_string([
            ("csrf", csrf),
            ("name", name),
            ("password", "wrong password"),
        ])
        .unwrap();
        let answer = exchange(
            port,
            &format!(
                "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\
                 Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
                 Connection: close\r\n\r\n{body}",
                body.len()
            ),
        );
        assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    }
    drop(server);
    let log = std::fs::read_to_string(&log_path).unwrap();
    assert_eq!(log.matches("sign_in_failed").count(), 3, "{log}");
    assert!(!log.contains('\u{1b}'), "{log:?}");
    assert!(
        !log.lines().any(|l| l.starts_with("2026-12-05T21:00:00")),
        "{log}"
    );
    assert!(!log.contains("evil") && !log.contains("Tr0ub4dor"), "{log}");
}

/// Over HTTPS too, a client address holds at most its share of connections: one beyond the
/// cap is shut as it comes (the connection under TLS is counted, not only plain ones).
#[test]
fn the_per_address_cap_holds_over_https() {
    use openssl::ssl::{SslConnector, SslMethod};
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = self_signed(dir.path());
    let db = TestDb::sqlite();
    import_club_night(&db);
    let port = free_port();
    let _server = Process(
        fushi_command()
            .args(["serve", "--db", db.url()])
            .env("FUSHI_BIND", format!("127.0.0.1:{port}"))
            .env("FUSHI_TLS_CERT", &cert)
            .env("FUSHI_TLS_KEY", &key)
            .env("FUSHI_MAX_CONNECTIONS_PER_ADDRESS", "16")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi over HTTPS");
    let connect = || {
        let mut connector = SslConnector::builder(SslMethod::tls_client()).unwrap();
        connector.set_ca_file(&cert).unwrap();
        let tcp = TcpStream::connect(("127.0.0.1", port)).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        connector.build().connect("localhost", tcp)
    };
    // Sixteen connections held open, each answered once.
    let mut held = Vec::new();
    for _ in 0..16 {
        let mut tls = connect().expect("a TLS connection within the cap");
        write!(tls, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
        let mut head = [0u8; 12];
        tls.read_exact(&mut head).unwrap();
        assert_eq!(&head, b"HTTP/1.1 200");
        held.push(tls);
    }
    // The seventeenth is shut: no answer comes.
    let answer = connect().ok().map(|mut tls| {
        let _ = write!(tls, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
        let mut answer = Vec::new();
        let _ = tls.read_to_end(&mut answer);
        answer
    });
    assert!(
        answer.as_ref().is_none_or(|a| a.is_empty()),
        "a connection beyond the cap was answered: {:?}",
        answer.map(|a| String::from_utf8_lossy(&a).into_owned())
    );
    // Once they close, the address has room again.
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    let answer = https_get(port, &cert, "/healthz");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}
