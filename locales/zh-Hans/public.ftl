# 赛事公开页面：概况、排名、轮次、场次、参赛队、下载。
pub-unpublished = 未公开
pub-unpublished-text = 本赛事尚未公开，裁判长仍在准备中。
pub-facts-teams = { $n }支队
pub-facts-rounds = { $n }轮
pub-list-separator = 、
pub-versus = 对
pub-details = 详情
pub-withdrawn = （已退赛）
pub-no-teams = 尚无参赛队。
pub-no-rounds = 尚无轮次。
pub-no-matches = 尚无场次。
pub-pairings-soon = 第 { $round } 轮：对阵即将公布
pub-no-boards = 尚无牌。

# 实时刷新
pub-live = 实时
pub-live-text = 成绩录入后即时显示在本页。
pub-live-refresh = 立即刷新
pub-live-updated = 更新于 { $time }

# 概况
pub-top-title = 排名前列
pub-full-standings = 完整排名 →
pub-all-rounds = 全部轮次
pub-all-teams = 全部参赛队
pub-round-n = 第{ $n }轮
pub-table-n = 第{ $n }桌
pub-team-no = { $n }号队
pub-round-count = { $n }场中已完成{ $done }场
pub-rules-title = 规则
pub-rules-cards = 用牌
pub-rules-decks = { $n }副牌：共{ $points }分，底牌{ $bottom }张
pub-rules-bands = 级数表
pub-rules-bands-text = { $name }；闲家总分达到{ $p }分即上台。
pub-rules-multiplier = 扣底倍数
pub-rules-scoring = 比赛积分
pub-rules-bye-title = 轮空
pub-rules-bye = 轮空得{ $score }分。
pub-bands-caption = 闲家总分P → 本桌级数s
pub-band-from = { $p }及以上
pub-band-step = 超过最后一档后，每多{ $step }分，本桌级数再减1。
pub-preset-standard = 标准
pub-preset-no-level-takeover = 上台不升级
pub-preset-bands-20 = 每20分一档
pub-preset-custom = 本赛事自定
pub-multiplier-exponential = 指数倍
pub-multiplier-line = { $name }：{ $items }
pub-multiplier-doubling = 翻倍
pub-combo-single = 单张
pub-combo-pair = 对子
pub-combo-tractor = { $n }连对拖拉机
pub-combo-triple = 三张
pub-combo-titanic = { $n }连三张
pub-scoring-vp20 = 20分制连续胜分（以级差代替IMP，系数{ $c }）
pub-scoring-wdl = 胜{ $w }分，平{ $d }分，负{ $l }分
pub-scoring-levels = 以本场级差M计分
pub-downloads-title = 下载
pub-downloads-text = 赛事数据CSV文件（UTF-8），与档案导出的文件完全相同。
pub-csv-standings = 排名
pub-csv-matches = 场次成绩
pub-csv-swings = 逐副级差
pub-csv-results = 各桌成绩
pub-csv-teams = 参赛队
pub-csv-boards = 牌
pub-csv-schedule = 对阵表

# 破同分
pub-tiebreak-title = 排名规则
pub-tiebreak-intro = 按总{ $score }排名。{ $score }相同的队依次按下列标准区分，每项只在仍然相同的队之间比较：
pub-tiebreak-none = 不设破同分标准：同分者名次并列。
pub-tiebreak-head-to-head = 相互间比赛：同分各队之间比赛所得的积分
pub-tiebreak-level-quotient = 级差商：所得级数 ÷ 所失级数
pub-tiebreak-level-diff = 总级差
pub-tiebreak-point-diff = 总分差
pub-tiebreak-boards-won = 胜副数
pub-tiebreak-shared = 仍然相同的队名次并列（显示为“3=”），按队号排列。

# 排名
pub-provisional = 进行中：{ $rounds }。排名只计已完成的场次。
pub-standings-counts = 只计已完成的场次与轮空。级差商为∞：有得级而无失级。
pub-col-rank = 名次
pub-col-team = 队
pub-col-team-no = 队号
pub-col-played = 场数
pub-col-won = 胜
pub-col-won-long = 胜场
pub-col-drawn = 平
pub-col-drawn-long = 平局
pub-col-lost = 负
pub-col-lost-long = 负场
pub-col-score-vp20 = 胜分
pub-col-score-wdl = 积分
pub-col-score-levels = 积分
pub-col-level-diff = 级差
pub-col-quotient = 级差商
pub-col-point-diff = 分差
pub-col-boards-won = 胜副

# 轮次与场次
pub-round-not-started = 未开始
pub-round-in-progress = 进行中
pub-round-complete = 已结束
pub-round-bye = 轮空
pub-status-not-started = 尚无成绩
pub-status-in-progress = 进行中
pub-status-complete = 已完成
pub-status-bye = 轮空
pub-col-round = 轮次
pub-col-state = 状态
pub-col-boards = 牌数
pub-col-matches = 场次
pub-col-byes = 轮空
pub-col-table = 桌号
pub-col-home = 主队
pub-col-away = 客队
pub-col-compared = 已比较牌数
pub-col-levels = 级差
pub-col-points = 分差
pub-matches-title = 场次
pub-boards-title = 牌
pub-col-board = 牌号
pub-col-number = 牌号
pub-col-dealer = 庄家方位
pub-col-level = 级数
pub-col-trump = 主花色
pub-trump-at-table = 现场叫主
pub-trump-nt = 无主
pub-seat-n = 北
pub-seat-e = 东
pub-seat-s = 南
pub-seat-w = 西

# 一场比赛
pub-totals-title = 比赛结果
pub-compared-of = { $total }副牌中已有{ $n }副两室都有成绩。
pub-bye-text = { $team }本轮轮空，得{ $score }分。
pub-seating-title = 座位
pub-room-open = 开室
pub-room-closed = 闭室
pub-room-open-seats = { $team }坐南北
pub-room-closed-seats = { $team }坐东西
pub-pair-ns = 南北
pub-pair-ew = 东西
pub-pair-ns-long = 南北
pub-pair-ew-long = 东西
pub-col-declaring = 庄家方
pub-col-p = 闲家总分P
pub-col-result = 结果
pub-col-s = 本桌级数s
pub-col-swing = 级差
pub-swing-note = P为闲家总分，s为庄家方的本桌级数；级差为{ $team }在该副牌两室合计的级数。
pub-total-levels = { $team }的总级差
pub-calc-bottom = 底分{ $k }×{ $m }
pub-calc-declarer-penalty = 庄家方罚{ $n }分
pub-calc-defender-penalty = 闲家罚{ $n }分
pub-calc-total-only = 仅记总分

# 参赛队
pub-col-club = 俱乐部
pub-col-members = 队员
pub-col-opponent = 对手
pub-col-side = 主客
pub-col-running = 累计
pub-side-home = 主队
pub-side-away = 客队
pub-side-bye = 轮空
pub-not-counted = （尚未计入）
pub-running-note = 累计只加已完成的场次与轮空，与排名一致。

pub-provisional-room = 第{ $table }桌（{ $room }）
pub-provisional-approval = 暂定（已在桌上确认，等待裁判批准）：{ $rooms }。
pub-provisional-until = 暂定：{ $time }前可更正，之后为最终成绩。
pub-final = 最终成绩。
pub-provisional-in-play = 暂定：本轮仍在进行，成绩在更正期结束前可更正。
pub-provisional-mark = 暂定

## 长列表分页与“查找我的队”
pub-pages-standings = 排名分页
pub-pages-teams = 参赛队分页
pub-pages-matches = 本轮对局分页
pub-showing-standings = 第 { $from }–{ $to } 名，共 { $n } 队
pub-showing-teams = 第 { $from }–{ $to } 队，共 { $n } 队
pub-showing-matches = 第 { $from }–{ $to } 场，共 { $n } 场
pub-whole-list = 完整列表
pub-find-title = 查找参赛队
pub-find-label = 查找我的队
pub-find-hint = 队名、编号或俱乐部
pub-find-button = 查找
pub-find-number = { $number } 号
pub-find-none = 没有与“{ $asked }”相符的参赛队。可输入队名的一部分、队号或俱乐部。
pub-find-several = 有 { $n } 支参赛队与“{ $asked }”相符：
pub-find-more = 另有 { $n } 支也相符：请输入更完整的队名以缩小范围。
pub-find-not-in-round = { $team } 在第 { $round } 轮没有对局。

# A rated tournament (docs/rules.md §14).
pub-rated-note = 本赛事计入等级分：在此打过一副牌，选手的等级分和计分牌副即为公开，无论其选手页面是否公开。
