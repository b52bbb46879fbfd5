# The player registry (docs/rules.md §14): its refusals.
players-id-shape = "{ $cell }" is not a player id (P and a number, as in P12)
players-id-leading-zero = "{ $cell }" is not a player id: its number starts with 0
players-id-too-large = "{ $cell }" is not a player id: its number is too large
players-ever-used = { $id } was issued before (to a player since merged or removed) and is never issued again
players-id-twice = { $id } is also on line { $first }
players-federation-twice = federation number { $number } is also on line { $first }
players-federation-taken = federation number { $number } belongs to { $holder }
players-public = public "{ $cell }" is not yes or no
players-no-such-player = no player of the registry is { $id }
players-admins-only = only an administrator may merge, remove or import players
players-merge-same = { $id } cannot be merged with itself
players-both-played = { $kept } and { $other } both played { $slug }: they are two people
players-link-removed = { $id } was removed from the registry: link the member to another player or to none
players-link-name = member "{ $member }" is not the name or second name of { $id } ({ $name })
players-link-twice = { $id } is linked to two members of the team
players-none-named = no player of the registry is named "{ $name }": give an id, or add the player first
players-several-named = several players are named "{ $name }" ({ $ids }): give the id
players-member-ids-count = member_ids has { $ids } parts for { $members } members (one part per member, empty for a member not linked)
players-member-ids-empty = member_ids "{ $cell }" links no member: leave the cell empty
players-lineup-ids = player_ids names { $given ->
        [none] no player
       *[other] { $given }
    } for { $player }, but teams.csv links { $player } to { $roster ->
        [none] no player
       *[other] { $roster }
    }
players-player-ids-count = player_ids has { $ids } parts for the 2 players
players-rated-needs-published = a rated tournament must be published (published = true)
players-rated-needs-ends = a rated tournament needs its end date (ends)

# fushi players …
cli-about-players = The installation's player registry (players.csv; ratings.csv and rating_boards.csv join it when ratings are computed).
cli-about-players-import = Merge a players.csv into the registry: a known id updates its player, a new id with a registry player's federation number is merged into that player, any other new id is created unless it was ever issued. All or nothing.
cli-about-players-export = Write the registry's players.csv, with ratings.csv and rating_boards.csv, into a folder, created if needed.
cli-help-players-import-file = The players.csv file (UTF-8 or GB18030).
cli-help-players-export-dir = The folder to write into.
cli-players-imported = players.csv imported: { $created } created, { $updated } updated, { $merged } merged by federation number, { $unchanged } unchanged
cli-players-exported = exported the registry to { $dir }: { $files }

# fushi ratings …
cli-about-ratings = The players' ratings (docs/rules.md §14): brought up to date, or made again from zero with --recompute.
cli-help-ratings-recompute = Make the run again from zero over every rated, finished tournament, whatever is kept.
cli-ratings-current = ratings are up to date: { $players } players rated
cli-ratings-appended = ratings carried on over { $tournaments } new tournaments: { $players } players rated
cli-ratings-recomputed = ratings made again from zero over { $tournaments } tournaments: { $players } players rated

# fushi series …
cli-about-series = Series of tournaments (docs/rules.md §14).
cli-about-series-export = Write a series' series.csv (its standings over its finished tournaments) into a folder, created if needed.
cli-help-series-export-slug = The series' slug.
cli-help-series-export-dir = The folder to write into.
cli-help-series-export-count_best = Count each player's best N events (default: the series' setting).
cli-series-unknown = there is no series "{ $slug }"
cli-series-exported = exported series { $slug } to { $dir }: series.csv
