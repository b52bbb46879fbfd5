# A registry player's public page, /p/{id} (docs/rules.md §14).
player-id = 編號
player-club = 俱樂部
player-events = 賽事
player-boards = 牌副
player-events-title = 參加的賽事
player-no-events = 還沒有公開的賽事列出該選手。
player-col-team = 隊伍
player-col-butler = 巴特勒
player-col-per-board = 每副
player-butler-hint = 巴特勒：選手所在的搭檔在每副打過的牌上相對全場基準分所得的級數，只計成績已公佈的牌副。
