# The audit trail and safe concurrent entry.
audit-title = Audit trail
audit-nav = Audit trail
audit-intro = Every change to results, rulings, pairings, teams and settings: who made it, when (times in { $zone }), and the value before and after.
audit-empty = Nothing has been changed yet.
audit-caption = { $count ->
    [one] One change
   *[other] { $count } changes
  }, page { $page } of { $pages }, newest first
audit-match-caption = Changes to this match, newest first
audit-match-title = Changes to this match
audit-pages = Pages of the audit trail
audit-newer = Newer changes
audit-older = Older changes
audit-col-at = When
audit-col-user = Who
audit-col-area = Area
audit-col-subject = What
audit-col-before = Before
audit-col-after = After
audit-none = (none)
audit-deleted = (deleted)
audit-reason = Reason: { $reason }
audit-area-results = Results
audit-area-pairings = Pairings
audit-area-teams = Teams
audit-area-settings = Settings
audit-area-boards = Boards
audit-conflict-title = Someone else saved this match while you were typing
audit-conflict-by = { $user } saved it at { $at } ({ $zone }). Nothing was saved from your page: both versions are below.
audit-conflict-by-unknown = It was saved at { $at } ({ $zone }). Nothing was saved from your page: both versions are below.
audit-conflict-caption = The boards where the two versions differ
audit-conflict-board = Board
audit-conflict-theirs = Saved (theirs)
audit-conflict-yours = Typed (yours)
audit-conflict-keep = Keep theirs (reload the saved match)
audit-conflict-save = Save mine anyway
audit-conflict-hint = Your values are still in the form below. “Save mine anyway” replaces the saved match with them.
audit-board = board { $board }
audit-bad-version = The form’s version field is not a number.
# What a change touched (src/db/audit.rs `Subject`), worded when shown.
audit-room-open = open
audit-room-closed = closed
audit-room-both = both rooms
audit-subject-result = round { $round } table { $table } { $room } board { $board }
audit-subject-lineup = round { $round } table { $table } { $room } room team { $team } line-up
audit-subject-pairing = round { $round } table { $table }
audit-subject-board = round { $round } board { $board }
audit-subject-team = team { $team }
audit-subject-renumbered = team { $from } → { $to }
audit-subject-setting = { $key }
audit-subject-odd-result = odd result: round { $round } table { $table } { $room } board { $board }, { $kind }
audit-subject-odd-flag = odd result { $flag }
audit-odd-kind-field = far from the field
audit-odd-kind-swing = swing beyond the band table
