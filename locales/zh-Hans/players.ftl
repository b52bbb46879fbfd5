# 选手名册（docs/rules.md §14）：拒绝的理由。
players-id-shape = “{ $cell }”不是选手编号（P 加数字，如 P12）
players-id-leading-zero = “{ $cell }”不是选手编号：数字不能以 0 开头
players-id-too-large = “{ $cell }”不是选手编号：数字太大
players-ever-used = { $id } 曾经发出过（其选手已合并或删除），不再重新发放
players-id-twice = { $id } 在第 { $first } 行也出现了
players-federation-twice = 协会编号 { $number } 在第 { $first } 行也出现了
players-federation-taken = 协会编号 { $number } 属于 { $holder }
players-public = public “{ $cell }”不是 yes 或 no
players-no-such-player = 名册中没有选手 { $id }
players-admins-only = 只有管理员可以合并、删除或导入选手
players-merge-same = { $id } 不能与自己合并
players-both-played = { $kept } 和 { $other } 都参加了 { $slug }：他们是两个人
players-link-removed = { $id } 已从名册中删除：请把该队员关联到别的选手，或不关联
players-link-name = 队员“{ $member }”不是 { $id }（{ $name }）的姓名或第二姓名
players-link-twice = { $id } 关联到了本队的两名队员
players-none-named = 名册中没有名为“{ $name }”的选手：请填写编号，或先添加该选手
players-several-named = 名册中有多名选手名为“{ $name }”（{ $ids }）：请填写编号
players-member-ids-count = member_ids 有 { $ids } 项，而队员有 { $members } 名（每名队员一项，未关联的留空）
players-member-ids-empty = member_ids “{ $cell }”没有关联任何队员：请把该格留空
players-lineup-ids = player_ids 为 { $player } 写的是{ $given ->
        [none] 不关联
       *[other] { $given }
    }，但 teams.csv 中 { $player } { $roster ->
        [none] 未关联选手
       *[other] 关联的是 { $roster }
    }
players-player-ids-count = player_ids 有 { $ids } 项，而选手是 2 名
players-rated-needs-published = 计入等级分的比赛必须公开（published = true）
players-rated-needs-ends = 计入等级分的比赛必须有结束日期（ends）

# fushi players …
cli-about-players = 本安装的选手名册（players.csv；计算等级分后另有 ratings.csv 和 rating_boards.csv）。
cli-about-players-import = 把 players.csv 合并进名册：已知编号更新该选手；新编号若与名册中某选手的协会编号相同则并入该选手；其他新编号按原样创建（曾经发出过的编号除外）。全部成功或全部不做。
cli-about-players-export = 把名册的 players.csv 以及 ratings.csv、rating_boards.csv 写入文件夹（不存在则创建）。
cli-help-players-import-file = players.csv 文件（UTF-8 或 GB18030）。
cli-help-players-export-dir = 要写入的文件夹。
cli-players-imported = 已导入 players.csv：新建 { $created }，更新 { $updated }，按协会编号合并 { $merged }，未变 { $unchanged }
cli-players-exported = 已将名册导出到 { $dir }：{ $files }

# fushi ratings …
cli-about-ratings = 选手等级分（docs/rules.md §14）：更新到最新；加 --recompute 则从零重算。
cli-help-ratings-recompute = 不论已存的结果，从零重算所有计入等级分且已结束的比赛。
cli-ratings-current = 等级分已是最新：{ $players } 名选手有等级分
cli-ratings-appended = 等级分已续算 { $tournaments } 个新比赛：{ $players } 名选手有等级分
cli-ratings-recomputed = 等级分已从零重算 { $tournaments } 个比赛：{ $players } 名选手有等级分

# fushi series …
cli-about-series = 系列赛（docs/rules.md §14）。
cli-about-series-export = 把系列赛的 series.csv（已结束比赛的排名）写入文件夹（不存在则创建）。
cli-help-series-export-slug = 系列赛的地址名（slug）。
cli-help-series-export-dir = 要写入的文件夹。
cli-help-series-export-count_best = 每名选手计入最好的 N 个比赛（默认：系列赛的设置）。
cli-series-unknown = 没有系列赛“{ $slug }”
cli-series-exported = 已将系列赛 { $slug } 导出到 { $dir }：series.csv
