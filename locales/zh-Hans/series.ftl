# 系列赛公开页（docs/rules.md §14）
series-count-best-n = 每名选手计入最好的 { $n } 个比赛。
series-count-all = 所有比赛都计入。
series-events = 比赛
series-no-events = 本系列赛尚无公开的比赛。
series-in-progress = 进行中
series-standings = 排名
series-no-standings = 尚无已结束的比赛。
series-col-player = 选手
series-col-events = 比赛数
series-col-points = 积分
series-col-butler = 巴特勒总分
series-not-public = （未公开的选手）
series-download = series.csv
series-rules = 名次积分 = 100 × (n − 名次 + 1) / n（n 为队数）；并列名次平分积分。同分时比较：参赛更多者、巴特勒总分较高者、选手编号较小者。只计已结束且公开的比赛。
