# A registry player's public page, /p/{id} (docs/rules.md §14).
player-id = 编号
player-club = 俱乐部
player-events = 赛事
player-boards = 牌副
player-events-title = 参加的赛事
player-no-events = 还没有公开的赛事列出该选手。
player-col-team = 队伍
player-col-butler = 巴特勒
player-col-per-board = 每副
player-butler-hint = 巴特勒：选手所在的搭档在每副打过的牌上相对全场基准分所得的级数，只计成绩已公布的牌副。
