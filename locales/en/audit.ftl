# The audit trail and safe concurrent entry.
audit-title = Audit trail
audit-nav = Audit trail
audit-intro = Every change to results, rulings, pairings, teams and settings: who made it, when (UTC), and the value before and after.
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
audit-col-at = When (UTC)
audit-col-user = Who
audit-col-area = Area
audit-col-subject = What
audit-col-before = Before
audit-col-after = After
audit-none = (none)
audit-area-results = Results
audit-area-pairings = Pairings
audit-area-teams = Teams
audit-area-settings = Settings
audit-area-boards = Boards
audit-conflict-title = Someone else saved this match while you were typing
audit-conflict-by = { $user } saved it at { $at } (UTC). Nothing was saved from your page: both versions are below.
audit-conflict-by-unknown = It was saved at { $at } (UTC). Nothing was saved from your page: both versions are below.
audit-conflict-caption = The boards where the two versions differ
audit-conflict-board = Board
audit-conflict-theirs = Saved (theirs)
audit-conflict-yours = Typed (yours)
audit-conflict-keep = Keep theirs (reload the saved match)
audit-conflict-save = Save mine anyway
audit-conflict-hint = Your values are still in the form below. “Save mine anyway” replaces the saved match with them.
audit-board = board { $board }
audit-bad-version = The form’s version field is not a number.
