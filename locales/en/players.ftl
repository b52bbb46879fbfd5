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

# fushi players …
cli-about-players = The installation's player registry (players.csv; ratings.csv and rating_boards.csv join it when ratings are computed).
cli-about-players-import = Merge a players.csv into the registry: a known id updates its player, a new id with a registry player's federation number is merged into that player, any other new id is created unless it was ever issued. All or nothing.
cli-about-players-export = Write the registry's players.csv into a folder, created if needed.
cli-help-players-import-file = The players.csv file (UTF-8 or GB18030).
cli-help-players-export-dir = The folder to write into.
cli-players-imported = players.csv imported: { $created } created, { $updated } updated, { $merged } merged by federation number, { $unchanged } unchanged
cli-players-exported = exported the registry to { $dir }: { $files }
