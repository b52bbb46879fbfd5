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

# `fushi deal` (docs/deals.md)
cli-deal-seed-generated = generated the secret seed (shown only now; keep it until you reveal it): { $seed }
cli-dealt = dealt { $boards ->
        [one] one board
       *[other] { $boards } boards
    } of { $slug }
cli-deal-commitment = commitment (publish it before play): { $commitment }
cli-about-deal = Deal every board (or one round's) from a secret seed by docs/deals.md and print the seed's commitment.
cli-help-deal-slug = The tournament's slug.
cli-help-deal-seed = The secret seed (a text); without it the seed fushi holds is used, or one is generated and shown once.
cli-help-deal-round = Deal this round only.
