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

# 比赛所属系列赛（总监页）
series-nav = 系列赛
series-title = 系列赛
series-current = 属于系列赛 { $name }
series-public-page = 系列赛公开页
series-field-name = 名称
series-field-slug = 地址名（小写字母、数字、连字符）
series-field-count-best = 每名选手计入最好的……个比赛
series-count-best-hint = 留空：所有比赛都计入。
series-field-series = 系列赛
series-save = 保存
series-order = 比赛顺序
series-unpublished = 未公开
series-up = 将 { $name } 上移
series-down = 将 { $name } 下移
series-leave = 让本比赛退出系列赛
series-none = 本比赛不属于任何系列赛。
series-join = 加入系列赛
series-join-button = 加入
series-new = 以本比赛新建系列赛
series-new-button = 新建系列赛
series-flash-saved = 系列赛已保存。
series-print = 打印（PDF）
series-pdf-in-progress = 进行中：{ $events }。
