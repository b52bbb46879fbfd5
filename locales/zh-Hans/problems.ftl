# 存档、teams.csv 上传和已录成绩的问题（src/input/why.rs）。
# 列名、键名和代码（team_no、decks、vp20）在各语言中保持原样。
problems-missing-file = 存档中缺少此文件
problems-not-utf8 = 不是 UTF-8 文本（也不是 GB18030）：此行含有第一个无法识别的字节；请将文件另存为 UTF-8（Excel 中的“CSV UTF-8”）
problems-unclosed-quote = 此行有一个引号（"）开始了一个单元格，却没有在单元格结尾处闭合，其后各行会被读成一个单元格：请补上或删去该引号
problems-missing-file-for = 存档中缺少此文件，而 { $needed_by } 需要它
problems-no-such-path = 没有这个文件夹或文件
problems-not-a-zip = 不是可读取的 .zip：{ $error }
problems-zip-no-toml = .zip 中没有 tournament.toml
problems-zip-many-toml = .zip 中有不止一个 tournament.toml
problems-failed = { $error }
problems-no-tournament = 没有使用此标识的赛事
problems-slug-taken = 标识“{ $slug }”已存在：请换一个标识，或先删除那个赛事
problems-toml-syntax = TOML 语法错误：{ $error }
problems-unknown-key = 未知的键“{ $key }”
problems-required = 缺少 { $key }
problems-must-be-string = { $key } 必须是双引号中的文字
problems-must-be-boolean = { $key } 必须是 true 或 false
problems-must-be-whole-number = { $key } 必须是整数
problems-must-be-number = { $key } 必须是数字
problems-must-be-bands = { $key } 必须是由 [最低 P, s] 整数对组成的列表
problems-must-be-win-draw-loss = { $key } 必须是三个数：[胜, 平, 负]
problems-must-be-tiebreaks = { $key } 必须是破同分规则名称的列表
problems-name-empty = name 不能为空
problems-slug-invalid = 标识“{ $slug }”须为 1–64 个字符，只能使用 a–z、0–9 和 -
problems-slug-reserved = 标识“{ $slug }”已被保留：/d/{ $slug } 是 fushi 的页面，请换一个
problems-decks-count = decks 必须是 1、2 或 3，而不是 { $decks }
problems-vp-blitz = vp_blitz 必须大于 0 且不超过 100，而不是 { $value }
problems-only-for-custom = { $key } 只用于 rules = "custom"
problems-custom-needs = rules = "custom" 需要 { $key }
problems-not-one-of = { $what }“{ $got }”不是以下之一：{ $allowed }
problems-rules-not-for-decks = { $decks } 副牌没有计分表“{ $rules }”；请从 { $allowed } 或 custom 中选择
problems-step-out-of-range = takeover_at 或 step 超出范围
problems-bands-empty = 计分表没有任何档位
problems-bands-first-not-zero = 第一档必须从 P = 0 开始，而不是 { $value }
problems-bands-not-ascending = 各档最低分必须递增：{ $previous } 之后是 { $next }
problems-bands-step = step 必须大于 0，而不是 { $value }
problems-bands-takeover = takeover_at 必须不小于 0，而不是 { $value }
problems-tiebreak-twice = 破同分规则 { $tiebreak } 出现了两次
problems-swiss-seed = swiss_seed 必须是不小于 0 的整数，而不是 { $seed }
problems-two-decimals = { $key } 的小数超过两位：{ $value }（分数精确到 0.01，请最多写两位小数）
problems-correction-minutes = correction_minutes 必须是 0 到 { $max } 之间的整数分钟，而不是 { $minutes }
problems-unreadable-header = 无法读取标题行：{ $error }
problems-column-twice = 列“{ $column }”出现了两次
problems-unknown-column = 未知的列“{ $column }”
problems-missing-column = 缺少列“{ $column }”
problems-cell-count = 有 { $cells } 个单元格，但标题行有 { $header } 列
problems-unreadable-row = 无法读取此行：{ $error }
problems-empty = { $column } 为空
problems-too-small = { $column } 为 { $value }，必须不小于 { $min }
problems-not-whole-number = { $column }“{ $cell }”不是整数
problems-not-canonical = { $column }“{ $cell }”不是 fushi 的写法：请写作“{ $canonical }”（导出时原样写回导入的内容）
problems-team-twice = { $team } 号队出现了两次（第一次在第 { $first } 行）
problems-too-many-members = { $team } 号队有 { $members } 名队员；每队最多 { $max } 名
problems-board-twice = 第 { $round } 轮 { $board } 号牌出现了两次（第一次在第 { $first } 行）
problems-round-without-boards = 第 { $round } 轮在 boards.csv 中没有牌
problems-unknown-team = 未知的 { $team } 号队：不在 teams.csv 中
problems-plays-itself = { $team } 号队不能与自己比赛
problems-table-twice = 第 { $round } 轮第 { $table } 桌出现了两次（第一次在第 { $first } 行）
problems-already-plays = { $team } 号队在第 { $round } 轮已有比赛（第 { $first } 行）
problems-no-table = 第 { $round } 轮在 schedule.csv 中没有第 { $table } 桌
problems-bye-no-results = 第 { $round } 轮第 { $table } 桌是 { $team } 号队的轮空：轮空没有成绩
problems-no-board = 第 { $round } 轮在 boards.csv 中没有 { $board } 号牌
problems-result-twice = 第 { $round } 轮第 { $table } 桌{ $room ->
        [open] 开室
       *[closed] 闭室
    } { $board } 号牌出现了两次（第一次在第 { $first } 行）
problems-lineup-players = players 须为本队两名不同队员，以 ; 分隔，而不是“{ $cell }”
problems-not-a-member = { $player } 不是 { $team } 号队的队员
problems-not-at-table = { $team } 号队不在第 { $round } 轮第 { $table } 桌比赛
problems-bye-no-lineup = 第 { $round } 轮第 { $table } 桌是 { $team } 号队的轮空：轮空没有阵容
problems-lineup-twice = 第 { $round } 轮第 { $table } 桌{ $room ->
        [open] 开室
       *[closed] 闭室
    }：{ $team } 号队出现了两次（第一次在第 { $first } 行）
problems-not-multiple-of-5 = { $what ->
        [trick] 闲家得分
       *[bottom] 底分
    } { $value } 不是 5 的倍数
problems-points-out-of-range = { $what ->
        [trick] 闲家得分
       *[bottom] 底分
    } { $value } 超出 { $decks } 副牌的范围 0–{ $max }
problems-points-exceed = 闲家得分 { $trick } 加底分 { $bottom } 超过了 { $decks } 副牌的 { $total } 分
problems-combo-not-allowed = { $decks } 副牌不可能出现 { $combo }；可选：{ $allowed }
problems-combo-missing = 闲家赢得最后一墩：请填写其中最大的牌型
problems-penalty = 罚分 { $value } 必须是 5 的倍数，且在 0 到 { $max } 之间
problems-defender-total = 闲家总分 { $value } 必须是 5 的倍数，且不小于 0
problems-no-result = 没有成绩：请填写 trick_points、defender_total 或裁判判定
problems-both-rooms = { $player } 已在本场比赛的另一室（第 { $first } 行）
problems-combo-with-declarer = 庄家赢得最后一墩：不填牌型（牌型只翻倍闲家抠底）
problems-combo-without-last-trick = 填了牌型 { $combo }，但未注明最后一墩由谁赢得：请写 defenders（牌型翻倍闲家抠底），或不填牌型
problems-combo-too-long = { $combo } 超过 { $decks } 副牌时一手牌的长度：L 最多为 { $max }
problems-ruling-range = 裁判判定 { $value } 超出级差表 s 的范围（{ $min } 到 { $max }）
problems-score-range = { $key } 必须是 -{ $max } 到 { $max } 之间的数，而不是 { $value }
problems-bands-too-large = { $what } 最多为 { $max }（s 取绝对值），而不是 { $value }
problems-too-large = { $column } 为 { $value }，必须不大于 { $max }
problems-zip-too-many = 该 .zip 含 { $count } 个条目；存档最多 { $max } 个
problems-zip-too-large = { $name } 解压后超过 { $limit } MiB，超出存档允许的大小
problems-text-too-long = { $column } 超过 { $max } 个字符
problems-control-character = { $column } 含有控制字符（NUL、制表符、换行等）：请删除
problems-stage-required = 第 { $stage } 阶段：必须填写 { $key }
problems-stage-too-long = 第 { $stage } 阶段：name 超过 { $max } 个字符
problems-stage-rounds-order = 第 { $stage } 阶段：rounds 必须为 [首轮, 末轮]，且 1 ≤ 首轮 ≤ 末轮 ≤ 999，而不是 [{ $first }, { $last }]
problems-stage-not-consecutive = 第 { $stage } 阶段：rounds 必须从第 { $expected } 轮开始（各阶段从第 1 轮起连续排列，不留空也不重叠），而不是 { $got }
problems-stage-format = 第 { $stage } 阶段：format "{ $got }" 不是 round_robin、swiss、manual、groups、knockout 之一
problems-stage-only-for = 第 { $stage } 阶段：{ $key } 仅用于 format = "{ $format }"
problems-stage-knockout-first = 第 { $stage } 阶段：淘汰赛的出线队来自上一阶段，不能是第一个阶段
problems-stage-knockout-not-last = 第 { $stage } 阶段：淘汰赛必须是最后一个阶段
problems-stage-knockout-size = 第 { $stage } 阶段：teams 必须为 2、4、8、16 或 32，而不是 { $got }
problems-stage-fewer-places = 第 { $stage } 阶段：teams = { $teams } 少于上一阶段的 { $groups } 个小组；每个小组至少要有一个名额
problems-stage-third-place = 第 { $stage } 阶段：三四名决赛需要半决赛（teams 至少为 4）
problems-stage-segment = 第 { $stage } 阶段：每个淘汰轮有 1 至 999 节
problems-stage-segments-count = 第 { $stage } 阶段：{ $teams } 队的淘汰赛有 { $expected } 个淘汰轮，segments 应列出 { $expected } 个数，而不是 { $got } 个
problems-stage-segments-sum = 第 { $stage } 阶段：segments 合计 { $sum } 轮，但该阶段有 { $rounds } 轮
problems-stage-carry-over = 第 { $stage } 阶段：{ $key } 必须是 0 至 { $max } 之间、最多四位小数的数，而不是 { $value }
problems-stage-group-count = 第 { $stage } 阶段：groups 必须列出 1 至 { $max } 个小组，而不是 { $got } 个
problems-stage-group-small = 第 { $stage } 阶段：{ $group } 组至少需要 2 支队
problems-stage-team-two-groups = 第 { $stage } 阶段：{ $team } 号队同时在两个小组
problems-stage-bad-team = 第 { $stage } 阶段：{ $got } 不是队号
problems-round-in-no-stage = 第 { $round } 轮不属于任何阶段：各阶段到第 { $last } 轮为止
problems-group-team-unknown = 第 { $stage } 阶段：小组中的 { $team } 号队不在 teams.csv 中
problems-team-in-no-group = 第 { $stage } 阶段：{ $team } 号队不在任何小组
problems-across-groups = 第 { $round } 轮是小组赛，但 { $home } 号队与 { $away } 号队不在同一小组
problems-knockout-before-qualifying = 第 { $round } 轮是淘汰赛，但淘汰赛之前的阶段尚未完成，出线队还未确定
problems-knockout-before-decided = 第 { $round } 轮须等第 { $ko } 淘汰轮的每场对决分出胜负后才能编排
problems-not-the-tie = 第 { $round } 轮第 { $table } 桌必须是成绩所决定的对决：{ $home } 对 { $away }
problems-not-the-tie-bye = 第 { $round } 轮第 { $table } 桌必须是成绩所决定的对决：{ $home } 轮空
problems-tie-missing = 第 { $round } 轮缺少第 { $table } 桌，{ $home } 对 { $away } 的对决在此进行
problems-tie-missing-bye = 第 { $round } 轮缺少第 { $table } 桌，{ $home } 在此轮空
problems-stage-shape-stages = stages 必须是 [[stages]] 表，每个阶段一个
problems-stage-shape-rounds = 第 { $stage } 阶段：rounds 必须为 [首轮, 末轮]，两个整数
problems-stage-shape-segments = 第 { $stage } 阶段：segments 必须是整数列表，每个淘汰轮一个
problems-stage-shape-groups = 第 { $stage } 阶段：groups 必须是队号列表的列表，如 [[1, 4], [2, 3]]
problems-stage-shape-text = 第 { $stage } 阶段：{ $key } 必须是带引号的文字
problems-stage-shape-whole = 第 { $stage } 阶段：{ $key } 必须是整数
problems-stage-shape-boolean = 第 { $stage } 阶段：{ $key } 必须是 true 或 false
problems-stage-shape-number = 第 { $stage } 阶段：{ $key } 必须是数字
problems-no-such-tie = 第 { $round } 轮第 { $table } 桌不是对阵表中的任何对决
problems-stage-exchange-round = 第 { $stage } 阶段：第 { $exchange } 项调换：ko_round 必须是 1 到 { $rounds } 的淘汰轮，而不是 { $got }
problems-stage-exchange-teams = 第 { $stage } 阶段：第 { $exchange } 项调换：teams 必须是两个不同的队号，例如 [3, 6]
problems-stage-exchange-reason = 第 { $stage } 阶段：第 { $exchange } 项调换：请写明理由（1 到 { $max } 个字）
problems-stage-exchange-twice = 第 { $stage } 阶段：第 { $exchange } 项调换：{ $team } 号队在这一淘汰轮已有一项调换
problems-stage-shape-exchanges = 第 { $stage } 阶段：exchanges 必须是内联表的列表，每个表含 ko_round（整数）、teams（两个队号）和 reason（文字）
problems-exchange-not-in-round = 第 { $stage } 阶段：第 { $exchange } 项调换：按现有成绩 { $team } 号队不参加第 { $ko } 淘汰轮，无法调换
problems-exchange-same-tie = 第 { $stage } 阶段：第 { $exchange } 项调换：两队在第 { $ko } 淘汰轮本已同场对决
problems-exchange-play-off = 第 { $stage } 阶段：第 { $exchange } 项调换：{ $team } 号队参加三四名决赛，不能调换
problems-last-trick-missing = 填了底分 { $bottom }，但未注明最后一墩由谁赢得：请注明（底分只在闲家赢得最后一墩时计入）

# deals.csv 与发牌种子（docs/rules.md §13）
problems-bad-card = { $column }：“{ $card }”不是一张牌（S、H、D 或 C 加 2–10、J、Q、K 或 A；LJ；BJ）
problems-deal-hand-size = { $column } 有 { $got } 张牌，应为 { $want } 张
problems-deal-bottom-size = 底牌有 { $got } 张，应为 { $want } 张
problems-deal-card-count = { $card } 在这副牌中出现 { $got } 次，应为 { $want } 次
problems-seed-empty = 种子为空
problems-seed-too-long = 种子超过 { $max } 字节
problems-seed-control = 种子含有控制字符（制表符、换行……）
problems-commitment = deal_commitment 必须是 64 位小写十六进制数字（SHA-256）
problems-seed-already-revealed = 这个种子已经揭示
problems-seed-nothing = 还没有种子：请设定一个（或输入承诺所对应的种子）
problems-seed-does-not-match = 种子与已公布的承诺不符
problems-seed-without-commitment = 给出了 deal_seed 却没有 deal_commitment
problems-seed-unreleased = 第 { $round } 轮第 { $board } 副牌由此种子发出，尚未公开：请等每个房间都打完（或本轮成绩已公开）后再揭示种子，以免还没打的牌被算出
problems-seed-none-to-deal = fushi 没有可以发牌的秘密种子：请先设一个新种子
problems-seed-revealed-deals-nothing = 种子已揭示，揭示过的种子不再发牌（人人都能算出牌）：请先设一个新种子
problems-seed-not-drawn = 这个种子不是 fushi 抽取的（缺少 128 位随机数，可能被猜中）：请先设一个新种子
problems-deal-cards-fixed = 第 { $round } 轮已有成绩，牌已固定，不会再发（见 docs/deals.md）
problems-deal-every-round-fixed = 每一轮都已有成绩，牌都已固定：没有可发的牌
problems-seed-no-such-commitment = 本赛事没有这个承诺的种子
problems-deal-seeds-shape = deal_seeds 必须是 [[deal_seeds]] 表，每张含 commitment、published、rounds，揭示后还有 seed
problems-deal-seeds-both = [[deal_seeds]] 第 { $entry } 个种子：[[deal_seeds]] 与旧的 deal_commitment、deal_seed 只能二选一
problems-deal-seeds-commitment = [[deal_seeds]] 第 { $entry } 个种子：commitment 必须是 64 个小写十六进制数字（SHA-256）
problems-deal-seeds-published = [[deal_seeds]] 第 { $entry } 个种子：published 必须是带时区偏移的日期时间，例如 2026-12-05T19:02:11+08:00
problems-deal-seeds-rounds = [[deal_seeds]] 第 { $entry } 个种子：rounds 必须按升序列出轮次，例如 [1, 2, 3]
problems-deal-seeds-no-round = [[deal_seeds]] 第 { $entry } 个种子：boards.csv 里没有第 { $round } 轮
problems-deal-seeds-round-twice = [[deal_seeds]] 第 { $entry } 个种子：第 { $round } 轮也列在前面的种子下；一轮的牌只来自一个种子
problems-deal-seeds-deals-other = [[deal_seeds]] 第 { $entry } 个种子：揭示的种子发出的第 { $round } 轮第 { $board } 副牌与 deals.csv 不同
