# Writes the stored tournament does not allow (the database layer's typed refusals)
refused-too-many-rounds = 一个比赛最多 { $max } 轮。
refused-round-not-next = 无法添加第 { $round } 轮：下一轮是第 { $next } 轮。
refused-no-such-board = 第 { $round } 轮没有 { $board } 号牌。
refused-no-such-team = 本比赛没有 { $team } 号队。
refused-pairing-has-results = 第 { $round } 轮第 { $table } 桌已有成绩：其对阵不能更改。
refused-bye-no-results = 第 { $round } 轮第 { $table } 桌是轮空：轮空没有成绩。
refused-result-twice = { $room ->
        [open] 开室
       *[closed] 闭室
    } { $board } 号牌出现了两次。
refused-team-not-at-table = { $team } 号队不在第 { $round } 轮第 { $table } 桌比赛。
refused-bye-no-lineup = 第 { $round } 轮第 { $table } 桌是轮空：轮空没有阵容。
refused-chosen-twice = { $room ->
        [open] 开室
       *[closed] 闭室
    }，{ $team } 号队：{ $player } 被选了两次。
refused-not-a-member = { $player } 不是 { $team } 号队的队员。
refused-both-rooms = { $player } 不能同时坐在第 { $round } 轮第 { $table } 桌的开闭两室。
refused-lineup-twice = { $room ->
        [open] 开室
       *[closed] 闭室
    }：{ $team } 号队出现了两次。
refused-team-not-in-event = 第 { $round } 轮第 { $table } 桌：{ $team } 号队不在本比赛中。
refused-board-not-in-round = 第 { $round } 轮第 { $table } 桌{ $room ->
        [open] 开室
       *[closed] 闭室
    }：{ $board } 号牌不在该轮中。
refused-lineup-no-match = 第 { $round } 轮第 { $table } 桌 { $team } 号队的阵容：没有这场比赛或这支队伍。
refused-finish-unreleased = 第 { $round } 轮第 { $board } 副牌尚未公布：所有牌都公布后才能标记比赛结束。
refused-rated-admins-only = 只有管理员可以设定比赛是否计入等级分。
refused-rated-has-results = 比赛已有成绩：是否计入等级分不能再改。
refused-rated-needs-published = 计入等级分的比赛必须先公开。
refused-rated-needs-ends = 计入等级分的比赛必须先填写结束日期。
refused-rated-stays-published = 本比赛计入等级分：不能取消公开。
refused-lineup-reason-needed = 在这场计入等级分的比赛中，第 { $round } 轮第 { $table } 桌已有成绩：更改其上场名单须说明理由。
refused-lineup-fixed-at-table = 在这场计入等级分的比赛中，第 { $round } 轮第 { $table } 桌已有成绩：上场名单保持原样；如需更改，请找裁判长。
refused-link-reason-needed = 在这场计入等级分的比赛中，{ $team } 号队已有队员在有成绩的房间上场：更改关联须说明理由。
refused-series-slug = “{ $slug }”不能作为系列赛的地址：须为 1–64 个小写拉丁字母、数字或连字符。
refused-series-name = 系列赛须有名称，不超过 200 个字符，不含控制字符。
refused-series-count-best = “计入最好成绩数”须为正整数，留空则计入全部比赛。
refused-series-taken = 已有系列赛“{ $slug }”。
refused-series-unknown = 没有系列赛“{ $slug }”。
refused-series-no-tournament = 没有比赛“{ $slug }”。
refused-series-order = 新顺序须把系列赛的每个比赛各列一次。
