# A registry player's public page, /p/{id} (docs/rules.md §14).
player-id = Id
player-club = Club
player-events = Events
player-boards = Boards
player-events-title = Events played
player-no-events = No published event names this player yet.
player-col-team = Team
player-col-butler = Butler
player-col-per-board = Per board
player-butler-hint = Butler: the levels the player's pairs scored against the field's datum on each board they played, over the boards whose results are released.
