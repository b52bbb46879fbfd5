# The command line (`fushi import`, `fushi export`, `fushi user`), in the language of the terminal's locale.
cli-imported = imported "{ $name }" as { $slug }: { $teams } teams, { $rounds } rounds, { $results } table results
cli-read-as-gb18030 = { " " }(read as GB18030, not UTF-8: { $files })
cli-exported = exported { $slug } to { $dir }: { $files }
cli-wrote-sheets = wrote { $count } sheets to { $dir }
cli-password-unreadable = cannot read the password from stdin: { $error }
cli-unknown-role = unknown role { $role }
cli-user-added = user { $name } added as { $role }
cli-password-set = password of { $name } set
cli-password-generated = generated password for { $name }: { $password }

# `fushi --help`: cli-about[-COMMAND…] is what a command does, cli-help[-COMMAND…]-ARGUMENT
# what an argument means.
cli-about = Duplicate tournaments of Shengji (升级 / 拖拉机) in the 记副式复式 format.
cli-help-db = The database: a postgres:// or postgresql:// URL, or a SQLite file path (default: fushi.db in the working directory).
cli-about-serve = Run the web application (the default when no command is given).
cli-help-serve-bind = Address to listen on.
cli-about-import = Create a tournament from an archive folder or a .zip of one (docs/rules.md §9).
cli-help-import-path = The archive folder or .zip.
cli-about-export = Write a tournament's archive files into a folder, created if needed.
cli-help-export-slug = The tournament's slug.
cli-help-export-outdir = The folder to write into.
cli-help-export-sheets = Also write every sheet as PDF into OUTDIR/sheets/.
cli-help-export-lang = The language of the sheets: zh (简体中文), zh-Hant (繁體中文) or en.
cli-lang-one-of = one of { $codes }
cli-about-user = Manage accounts: the password is read from stdin, or generated and printed when stdin is empty or a terminal.
cli-about-user-add = Add a user.
cli-help-user-add-name = The user's name.
cli-help-user-add-role = admin, director or scorer.
cli-about-user-password = Set a user's password (their sessions end).
cli-help-user-password-name = The user's name.
cli-flag-help = Show this help.
cli-flag-version = Show fushi's version.
cli-about-help = Show the help of fushi or of one of its commands.

# `fushi serve`'s settings: each flag also reads the environment variable named in --help.
cli-help-serve-log_format = How log lines are written: text (coloured only on a terminal) or json (one object per line).
cli-help-serve-log = What is logged, as tracing filter directives (info, fushi=debug,info).
cli-help-serve-secret_key = The cookie key, hex or base64 of at least 64 bytes (default: the key stored in the database).
cli-help-serve-secure_cookies = Mark every cookie Secure, also on plain HTTP: true or false.
cli-help-serve-trusted_proxies = Proxies whose X-Forwarded-For / Forwarded are believed: addresses or CIDR ranges, separated by commas.
cli-help-serve-cache_mib = The memory, in MiB, that held snapshots and rendered pages may take together across every tournament (at least 1; unset: a sixteenth of the machine's memory, between 64 and 2,048 MiB).
cli-help-serve-max_listeners = Open live event streams on this server.
cli-help-serve-pdf_concurrency = PDFs drawn at once (at least 1).
cli-help-serve-pdf_wait_ms = How long a PDF request waits for its turn, in milliseconds, before it is answered 503.
cli-help-serve-metrics_token = Bearer token that opens /metrics to other addresses than loopback (at least 16 characters).
# A refused setting: the variable, the value as given, and why.
cli-setting-refused = { $var }={ $value }: { $why }
cli-setting-why-address = not an address to listen on (host:port)
cli-setting-why-key = not hex or base64 of at least 64 bytes
cli-setting-why-proxies = not addresses or CIDR ranges separated by commas
cli-setting-why-token = a token needs at least 16 printable characters without spaces
cli-setting-why-boolean = expected true or false
cli-setting-why-count = expected a whole number
cli-setting-why-positive = expected a whole number of at least 1
cli-setting-why-log-format = expected text or json
cli-setting-why-log-filter = not a tracing filter (such as info or fushi=debug,info)
cli-about-backup = Write a consistent copy of the SQLite database into a new file, also while the server runs (restore: docs/operations.md, Backups and moving).
cli-help-backup-out = The new file (it must not exist).
cli-backed-up = backed up { $from } to { $path } ({ $bytes } bytes, integrity checked)
cli-backup-exists = { $path } exists: fushi backup writes a new file only
cli-backup-postgres = fushi backup copies SQLite databases; for PostgreSQL use pg_dump (see docs/operations.md, Backups and moving)
cli-no-database = { $path }: no such database file (this command reads a database and never creates one)
cli-help-serve-api_origins = Origins that may read /api/v1/ from a browser (CORS): * or origins such as https://results.example, separated by commas (default: none).
cli-setting-why-origins = not * or origins (https://host[:port]) separated by commas
cli-about-copy = Copy a whole database (tournaments, users and their access, the audit trail, table links and entries, notes, the cookie key) into an empty one, SQLite or PostgreSQL; the source is read in one transaction, so a database in use is copied as it was at one moment.
cli-help-copy-from = The database to copy: a postgres:// URL or a SQLite file path.
cli-help-copy-to = The empty database to fill (created and migrated if needed).
cli-help-copy-without_secrets = Leave the cookie key and the sessions behind: a new key is made and everyone signs in again.
cli-copied = copied { $from } to { $to } (one moment of it, read in one transaction): { $tables }
cli-help-serve-max_listeners_per_address = Open live event streams from one client address (at least 1).
cli-help-serve-max_connections_per_address = Open connections from one client address (at least 1); unset: an eighth of the open-files limit beyond 256. Raise it for a hall whose phones share one address.
# `fushi deal` (docs/deals.md)
cli-deal-seed-generated = set a new seed (128 random bits drawn by fushi, then your text; keep it secret until you reveal it): { $seed }
cli-dealt = dealt { $boards ->
        [one] one board
       *[other] { $boards } boards
    } of { $slug } (rounds { $rounds }; rounds that have had a result keep their cards)
cli-deal-commitment = commitment (publish it before play): { $commitment }
cli-about-deal = Deal every board (or one round's) from a secret seed by docs/deals.md and print the seed's commitment.
cli-help-deal-slug = The tournament's slug.
cli-help-deal-seed = Ceremony text for a new seed: fushi draws 128 random bits and puts the text after them ("32 hex digits:TEXT"). Without it the current secret seed deals, or a new one is drawn.
cli-help-deal-round = Deal this round only.
cli-help-serve-proxy_header = The one header the trusted proxies tell the client's address by: X-Forwarded-For (the default) or Forwarded; the other is ignored.
cli-setting-why-proxy-header = expected X-Forwarded-For or Forwarded
cli-setting-why-proxies-everyone = a range that holds every address would let any client claim any address; list the proxies' own addresses
cli-setting-why-key-weak = the key's bytes repeat too much to be random (make one with: openssl rand -hex 64)
cli-help-serve-tls_cert = A PEM certificate chain: fushi serves HTTPS itself (with --tls-key).
cli-help-serve-tls_key = The PEM private key of --tls-cert.
cli-setting-why-tls-pair = set both FUSHI_TLS_CERT and FUSHI_TLS_KEY, or neither
cli-setting-why-tls-unreadable = cannot be read as a PEM certificate and its private key: { $error }
cli-setting-why-bind-taken = cannot listen there: { $error }
cli-about-healthcheck = Ask the server of this configuration (FUSHI_BIND) whether it is ready; exit 0 when it answers /readyz with 200 (the container's HEALTHCHECK).
cli-help-healthcheck-bind = The server's address, as fushi serve was given it.
cli-help-healthcheck-tls_cert = The server's certificate (FUSHI_TLS_CERT): when set, the server speaks HTTPS and is asked so.
cli-healthcheck-unhealthy = not ready: { $why }
cli-setup-code = No account yet. Create the first administrator at /setup on this machine (http://127.0.0.1:…), or from another device with this one-time set-up code: { $code }
