# 命令行（`fushi import`、`fushi export`、`fushi user`）：按终端的区域设置（locale）说话。
cli-imported = 已导入“{ $name }”，标识 { $slug }：{ $teams } 支队伍，{ $rounds } 轮，{ $results } 个桌次结果
cli-read-as-gb18030 = （按 GB18030 而非 UTF-8 读取：{ $files }）
cli-exported = 已将 { $slug } 导出到 { $dir }：{ $files }
cli-wrote-sheets = 已将 { $count } 份表格写入 { $dir }
cli-password-unreadable = 无法从标准输入读取密码：{ $error }
cli-unknown-role = 未知角色 { $role }
cli-user-added = 已添加用户 { $name }，角色为 { $role }
cli-password-set = 已设置 { $name } 的密码
cli-password-generated = 为 { $name } 生成的密码：{ $password }

# `fushi --help`
cli-about = 升级（拖拉机）记副式复式赛计分。
cli-help-db = 数据库：postgres:// 或 postgresql:// 地址，或 SQLite 文件路径（默认为当前目录下的 fushi.db）。
cli-about-serve = 运行网页应用（不给命令时的默认操作）。
cli-help-serve-bind = 监听地址。
cli-about-import = 从存档文件夹或其 .zip 创建比赛（docs/rules.md §9）。
cli-help-import-path = 存档文件夹或 .zip。
cli-about-export = 把比赛的存档文件写入文件夹（不存在则创建）。
cli-help-export-slug = 比赛的网址名（slug）。
cli-help-export-outdir = 写入的文件夹。
cli-help-export-sheets = 同时把每张记分表以 PDF 写入 OUTDIR/sheets/。
cli-help-export-lang = 记分表的语言：zh（简体中文）、zh-Hant（繁體中文）或 en。
cli-lang-one-of = 应为 { $codes } 之一
cli-about-user = 管理账户：密码从标准输入读取；标准输入为空或为终端时自动生成并显示。
cli-about-user-add = 添加用户。
cli-help-user-add-name = 用户名。
cli-help-user-add-role = admin、director 或 scorer。
cli-about-user-password = 设置用户的密码（其登录随之失效）。
cli-help-user-password-name = 用户名。
cli-flag-help = 显示此帮助。
cli-flag-version = 显示 fushi 的版本。
cli-about-help = 显示 fushi 或其某个命令的帮助。

# `fushi deal`（docs/deals.md）
cli-deal-seed-generated = 已生成秘密种子（只显示这一次，请保存到公开之时）：{ $seed }
cli-dealt = 已为 { $slug } 发好 { $boards } 副牌
cli-deal-commitment = 承诺（请在比赛前公布）：{ $commitment }
cli-about-deal = 按 docs/deals.md 用秘密种子发每副牌（或某一轮的牌），并显示种子的承诺。
cli-help-deal-slug = 赛事的标识。
cli-help-deal-seed = 秘密种子（一段文字）；不给时使用 fushi 已保存的种子，没有则生成一个并只显示一次。
cli-help-deal-round = 只发这一轮。
