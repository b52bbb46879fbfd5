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

# `fushi serve` 的设置：每个选项也读取 --help 中列出的环境变量。
cli-help-serve-log_format = 日志格式：text（仅在终端上带颜色）或 json（每行一个对象）。
cli-help-serve-log = 记录哪些日志，用 tracing 的过滤写法（info、fushi=debug,info）。
cli-help-serve-secret_key = Cookie 密钥，至少 64 字节的十六进制或 base64（默认：数据库中保存的密钥）。
cli-help-serve-secure_cookies = 所有 Cookie 都标记 Secure，普通 HTTP 也是：true 或 false。
cli-help-serve-trusted_proxies = 信任其 X-Forwarded-For / Forwarded 的代理：地址或 CIDR 网段，用逗号分隔。
cli-help-serve-cache_mib = 所有比赛的快照与已渲染页面合计可占用的内存，单位 MiB（至少 1；未设置时为本机内存的十六分之一，介于 64 与 2,048 MiB 之间）。
cli-help-serve-max_listeners = 本服务器上同时打开的实时事件流数。
cli-help-serve-pdf_concurrency = 同时生成的 PDF 数（至少 1）。
cli-help-serve-pdf_wait_ms = PDF 请求等待轮到自己的最长毫秒数，超过则回答 503。
cli-help-serve-metrics_token = 让非本机地址也能读取 /metrics 的 Bearer 令牌（至少 16 个字符）。
cli-setting-refused = { $var }={ $value }：{ $why }
cli-setting-why-address = 不是可监听的地址（主机:端口）
cli-setting-why-key = 不是至少 64 字节的十六进制或 base64
cli-setting-why-proxies = 不是用逗号分隔的地址或 CIDR 网段
cli-setting-why-token = 令牌至少需要 16 个不含空格的可打印字符
cli-setting-why-boolean = 应为 true 或 false
cli-setting-why-count = 应为整数
cli-setting-why-positive = 应为至少为 1 的整数
cli-setting-why-log-format = 应为 text 或 json
cli-setting-why-log-filter = 不是 tracing 过滤写法（例如 info 或 fushi=debug,info）
cli-about-backup = 把 SQLite 数据库一致地复制到一个新文件，服务器运行时也可以（恢复方法见 docs/operations.md 的“Backups and moving”一节）。
cli-help-backup-out = 新文件（不能已存在）。
cli-backed-up = 已把 { $from } 备份到 { $path }（{ $bytes } 字节，已检查完整性）
cli-backup-exists = { $path } 已存在：fushi backup 只写入新文件
cli-backup-postgres = fushi backup 只复制 SQLite 数据库；PostgreSQL 请用 pg_dump（见 docs/operations.md 的“Backups and moving”一节）
cli-no-database = { $path }：没有这个数据库文件（此命令只读取数据库，从不创建）
cli-help-serve-api_origins = 允许从浏览器读取 /api/v1/ 的来源（CORS）：* 或用逗号分隔的来源，如 https://results.example（默认：无）。
cli-setting-why-origins = 不是 * 或用逗号分隔的来源（https://主机[:端口]）
cli-about-copy = 把整个数据库（比赛、用户及其权限、审计记录、桌号链接与录入、备注、Cookie 密钥）复制到一个空数据库，SQLite 或 PostgreSQL；源数据库在一个事务中读取，正在使用的数据库按同一时刻的状态复制。
cli-help-copy-from = 要复制的数据库：postgres:// 地址或 SQLite 文件路径。
cli-help-copy-to = 要填入的空数据库（需要时会创建并迁移）。
cli-help-copy-without_secrets = 不复制 Cookie 密钥和会话：会生成新密钥，所有人重新登录。
cli-copied = 已把 { $from } 复制到 { $to }（同一时刻的状态，在一个事务中读取）：{ $tables }
cli-help-serve-max_listeners_per_address = 同一客户端地址同时打开的实时事件流数（至少 1）。
cli-help-serve-max_connections_per_address = 同一客户端地址同时打开的连接数（至少 1）；未设置时为打开文件上限减去 256 后的八分之一。手机共用一个地址的场馆请调高。
# `fushi deal`（docs/deals.md）
cli-deal-seed-generated = 已设新种子（fushi 抽取的 128 位随机数，后接你的文字；揭示前请保密）：{ $seed }
cli-dealt = 已为 { $slug } 发好 { $boards } 副牌（第 { $rounds } 轮；已有成绩的轮次保留原牌）
cli-deal-commitment = 承诺（请在比赛前公布）：{ $commitment }
cli-about-deal = 按 docs/deals.md 用秘密种子发每副牌（或某一轮的牌），并显示种子的承诺。
cli-help-deal-slug = 赛事的标识。
cli-help-deal-seed = 新种子的仪式文字：fushi 抽取 128 位随机数，文字接在其后（“32 位十六进制:文字”）。不给时用当前的秘密种子发牌，没有则抽一个新的。
cli-help-deal-round = 只发这一轮。
cli-help-serve-proxy_header = 受信任的代理用来告知客户端地址的唯一请求头：X-Forwarded-For（默认）或 Forwarded；另一个被忽略。
cli-setting-why-proxy-header = 应为 X-Forwarded-For 或 Forwarded
cli-setting-why-proxies-everyone = 包含所有地址的网段会让任何客户端冒充任何地址；请只列出代理自己的地址
cli-setting-why-key-weak = 密钥的字节重复太多，不是随机生成的（可用 openssl rand -hex 64 生成）
cli-help-serve-tls_cert = PEM 证书链：fushi 自己提供 HTTPS（与 --tls-key 一起）。
cli-help-serve-tls_key = --tls-cert 的 PEM 私钥。
cli-setting-why-tls-pair = FUSHI_TLS_CERT 和 FUSHI_TLS_KEY 要么都设置，要么都不设置
cli-setting-why-tls-unreadable = 无法读取为 PEM 证书及其私钥：{ $error }
cli-setting-why-bind-taken = 无法在此监听：{ $error }
cli-about-healthcheck = 询问按此配置（FUSHI_BIND）运行的服务器是否就绪；/readyz 返回 200 时退出码为 0（容器的 HEALTHCHECK）。
cli-help-healthcheck-bind = 服务器的地址，与 fushi serve 所用的相同。
cli-help-healthcheck-tls_cert = 服务器的证书（FUSHI_TLS_CERT）：设置时服务器使用 HTTPS，也以 HTTPS 询问。
cli-healthcheck-unhealthy = 未就绪：{ $why }
cli-setup-code = 还没有账户。请在本机的 /setup（http://127.0.0.1:…）创建第一位管理员，或在其他设备上使用这个一次性设置码：{ $code }
