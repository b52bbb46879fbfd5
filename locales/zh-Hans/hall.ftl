# The hall's network: the address the players' phones reach fushi by.
hall-loopback-title = 桌卡上的地址只指向这台电脑
hall-loopback-why = 这些桌卡上的链接将以 { $site } 开头：这个地址的意思是“本机”，选手的手机扫码后会在手机自己身上找 fushi，什么也找不到。
hall-loopback-public-url = FUSHI_PUBLIC_URL 设成了这个地址。请把它设为手机能访问到本机的地址（例如 http://192.168.1.23:8080，即笔记本在场馆 Wi-Fi 上的地址），然后重新启动 fushi。
hall-loopback-do = 请任选一种做法，然后重新打开本页：
hall-loopback-step-lan = 以场馆模式启动 fushi：它在局域网上监听，并打印供选手手机使用的地址。
hall-loopback-step-public = 或者给出手机访问本机所用的地址（主机名或 Wi-Fi 地址）：
hall-loopback-step-open = 或者在 fushi 已在局域网上监听时，通过笔记本的 Wi-Fi 地址（而不是 127.0.0.1 或 localhost）打开本页。
hall-loopback-readme = 指南中的“在笔记本上办一场俱乐部比赛”（docs/guide/evening.zh.md）逐步说明了做法，包括防火墙和手机。
hall-sheets-no-links = 这些记分表上没有印各室的链接：本页的地址（{ $site }）只能在本机打开。请用 --lan 启动 fushi，或设置 FUSHI_PUBLIC_URL。

# `fushi serve` at start.
hall-serve-here = 本机访问 fushi：{ $site }
hall-serve-phones = 选手手机访问：{ $site }
hall-serve-no-lan = 没有找到局域网：请连上场馆的 Wi-Fi（或设置 FUSHI_PUBLIC_URL），选手的手机才能访问 fushi
hall-serve-loopback = 只有本机能打开；要让选手的手机访问，请用：fushi serve --lan
cli-help-serve-lan = 场馆模式：在所有网络接口上监听（0.0.0.0，端口取自 --bind），并打印供选手手机使用的地址。
cli-help-serve-public_url = 选手手机访问 fushi 所用的地址（http://192.168.1.23:8080 或 https://results.example），所有链接和二维码都用它。

# A public base URL that is refused.
hall-url-refused = FUSHI_PUBLIC_URL：{ $why }
hall-url-scheme = “{ $url }”不是以 http:// 或 https:// 开头
hall-url-no-host = “{ $url }”没有主机名
hall-url-path = “{ $url }”带有路径、查询或片段；只需写 http(s)://、主机名和端口
hall-url-port = “{ $url }”的端口不是 1 到 65535 之间的数字
hall-url-character = “{ $url }”含有空格或地址中不能出现的字符

# tournament.toml's date, place and zone.
problems-date = { $key } 的“{ $value }”不是日期（YYYY-MM-DD，TOML 日期，例如 2026-12-05）
problems-ends-before-starts = ends 早于 starts
problems-time-zone = time_zone 的“{ $zone }”不是时区（IANA 名称，例如 Asia/Shanghai）
problems-must-be-date = { $key } 必须是日期，例如 2026-12-05

# The settings form: date, place and zone.
hall-settings-legend = 日期和地点
hall-settings-starts = 第一天
hall-settings-ends = 最后一天
hall-settings-venue = 地点
hall-settings-organiser = 主办方
hall-settings-zone = 时区
hall-settings-zone-hint = IANA 名称，例如 Asia/Shanghai 或 Europe/London；赛事的所有时间都按此时区显示。留空：本机的时区 { $zone }。
hall-settings-error-date = 请填写日期（YYYY-MM-DD）。
hall-settings-error-ends = 最后一天早于第一天。
hall-settings-error-zone = 不是时区：请填写 IANA 名称，例如 Asia/Shanghai。

# The label of a page that shows times.
hall-times-in = 时间按 { $zone }。

# The home page by date; the overview's facts.
hall-home-upcoming = 即将举行和进行中
hall-home-past = 已结束
hall-col-dates = 日期
hall-col-venue = 地点
hall-fact-dates = 日期
hall-fact-venue = 地点
hall-fact-organiser = 主办方

# The sheets' headers.
sheets-dates = 日期
sheets-venue = 地点

# The desk: figures while typing.
hall-running-swing = 目前级差：{ $team } { $levels }，已比较 { $boards } 副（按录入内容，尚未保存）

# The table page: entries kept on the phone.
hall-waiting = { $count } 副牌等待发送：已保存在本机，fushi 一恢复响应就自动发送。
hall-sent = 已发送：保存在本机的牌已送达。

# Renewing a round's links asks first.
hall-renew-title = 要更新本轮的所有链接吗？
hall-renew-text = 已打印的 { $count } 张桌卡将立即失效：第 { $round } 轮的每个室都会得到新链接，旧的二维码和地址会显示“未找到”。更新后请重新打印桌卡。
hall-renew-confirm = 更新全部 { $count } 个链接
hall-renew-cancel = 保留现有链接

# 裁判长的赛场总览。
hall-tab = 赛场
hall-title = 第 { $round } 轮赛场
hall-counts = 各房间的状态
hall-count-called = { $count } 个房间呼叫裁判
hall-count-to-approve = { $count } 个待您批准
hall-count-at-table = { $count } 个在桌上录入
hall-count-idle = { $count } 个未开始
hall-count-done = { $count } 个已完成
hall-table = 第 { $table } 桌
hall-teams = { $home } 对 { $away }
hall-no-rooms = 本轮还没有要打的比赛。
hall-flags-title = 该桌标记为“呼叫裁判”的牌；在房间页面清除之前 ⚑ 一直保留
hall-wrong-codes = { $count } 次确认码输错
hall-approve-clean = { $count ->
        [0] 没有可批准的无标记、无呼叫的已确认房间
       *[other] 批准所有无标记、无呼叫的已确认房间（{ $count } 个）
    }
hall-passed-by = { $count } 个已确认房间有 ⚑ 或输错的确认码：请亲自查看。
hall-flash-approved = 所有无标记、无呼叫的已确认房间均已批准。
hall-flash-none-approved = 没有等待批准的无标记、无呼叫的房间。
hall-calls-badge = ⚑ { $count } 个房间呼叫裁判
hall-call-line = 第 { $round } 轮第 { $table } 桌 { $room }
hall-to-hall = 去赛场总览
table-approve-next = 批准，然后看下一个房间
table-clear-flags = 清除 ⚑
table-clear-flags-hint = 呼叫已处理：无论房间发生什么，标记都会保留，直到您清除。
table-flash-flags-cleared = ⚑ 已清除。
table-room-approved = 裁判长于 { $at } 批准
audit-subject-room = 第 { $round } 轮第 { $table } 桌{ $room }

# 公布对阵。
draw-title = 对阵
draw-held = 第 { $round } 轮的对阵尚未公开：公开页面显示“对阵即将公布”。宣布本轮时请公布。
draw-published = 对阵已公开。
draw-publish = 公布对阵
draw-hold = 暂不公开对阵
draw-flash-published = 对阵已公开。
draw-flash-held = 对阵已暂不公开：公众看到“对阵即将公布”。
draw-flash-already-published = 对阵原本已公开。
draw-flash-not-held = 本轮已有成绩：对阵保持公开。
audit-subject-draw = 第 { $round } 轮对阵
table-settings-publish-draw = 新一轮的对阵保存后立即公开
table-settings-publish-draw-hint = 不勾选：在您于本轮页面点击“公布对阵”之前，公众看到“对阵即将公布”（保存第一个成绩时也会公开）。

# 发生了什么，用文字说明。
words-trick-points = 得分 { $points }
words-defender-total = P { $points }（仅总分）
words-bottom = 底牌 { $bottom } 分
words-bottom-declarers = 底牌 { $bottom } 分，庄家赢得末轮
words-bottom-defenders = 底牌 { $bottom } 分，闲家{ $combo }赢得末轮
words-last-declarers = 庄家赢得末轮
words-last-defenders = 闲家{ $combo }赢得末轮
words-with-single = 以单张
words-with-pair = 以对子
words-with-triple = 以三张
words-with-tractor = 以{ $n }连对拖拉机
words-with-titanic = 以{ $n }连三张
words-declarer-penalty = 庄家罚分 { $points }
words-defender-penalty = 闲家罚分 { $points }
words-ruling = 裁判判定 s { $s }
words-flagged = ⚑ 第 { $boards } 副
words-draw-published = 已公开
words-draw-held = 暂不公开
words-table-who = 桌上链接 { $link }，{ $room }：{ $entered }于 { $at } 录入，{ $confirmed }从 { $address } 确认
table-col-entered = 录入内容

# A round locked against the tables, or released to the public, in the audit trail.
audit-subject-table-links = 第 { $round } 轮桌上录入
audit-subject-release = 第 { $round } 轮成绩
words-round-open = 各桌可录入
words-round-locked = 已锁定
words-round-withheld = 待各室打完再公开
words-round-released = 已向公众公开
