# 命令列（`fushi import`、`fushi export`、`fushi user`）：依終端機的地區設定（locale）說話。
cli-imported = 已匯入“{ $name }”，標識 { $slug }：{ $teams } 支隊伍，{ $rounds } 輪，{ $results } 個桌次結果
cli-read-as-gb18030 = （按 GB18030 而非 UTF-8 讀取：{ $files }）
cli-exported = 已將 { $slug } 匯出到 { $dir }：{ $files }
cli-wrote-sheets = 已將 { $count } 份表格寫入 { $dir }
cli-password-unreadable = 無法從標準輸入讀取密碼：{ $error }
cli-unknown-role = 未知角色 { $role }
cli-user-added = 已新增使用者 { $name }，角色為 { $role }
cli-password-set = 已設定 { $name } 的密碼
cli-password-generated = 為 { $name } 生成的密碼：{ $password }

# `fushi --help`
cli-about = 升級（拖拉機）記副式複式賽計分。
cli-help-db = 資料庫：postgres:// 或 postgresql:// 位址，或 SQLite 檔案路徑（預設為目前目錄下的 fushi.db）。
cli-about-serve = 執行網頁應用程式（未指定命令時的預設操作）。
cli-help-serve-bind = 監聽位址。
cli-about-import = 從存檔資料夾或其 .zip 建立比賽（docs/rules.md §9）。
cli-help-import-path = 存檔資料夾或 .zip。
cli-about-export = 將比賽的存檔檔案寫入資料夾（不存在則建立）。
cli-help-export-slug = 比賽的網址名稱（slug）。
cli-help-export-outdir = 寫入的資料夾。
cli-help-export-sheets = 同時將每張記分表以 PDF 寫入 OUTDIR/sheets/。
cli-help-export-lang = 記分表的語言：zh（简体中文）、zh-Hant（繁體中文）或 en。
cli-lang-one-of = 應為 { $codes } 之一
cli-about-user = 管理帳戶：密碼從標準輸入讀取；標準輸入為空或為終端機時自動產生並顯示。
cli-about-user-add = 新增使用者。
cli-help-user-add-name = 使用者名稱。
cli-help-user-add-role = admin、director 或 scorer。
cli-about-user-password = 設定使用者的密碼（其登入隨之失效）。
cli-help-user-password-name = 使用者名稱。
cli-flag-help = 顯示此說明。
cli-flag-version = 顯示 fushi 的版本。
cli-about-help = 顯示 fushi 或其某個命令的說明。

# `fushi serve` 的設定：每個選項也讀取 --help 中列出的環境變數。
cli-help-serve-log_format = 日誌格式：text（僅在終端機上帶顏色）或 json（每行一個物件）。
cli-help-serve-log = 記錄哪些日誌，用 tracing 的過濾寫法（info、fushi=debug,info）。
cli-help-serve-secret_key = Cookie 金鑰，至少 64 位元組的十六進位或 base64（預設：資料庫中儲存的金鑰）。
cli-help-serve-secure_cookies = 所有 Cookie 都標記 Secure，一般 HTTP 也是：true 或 false。
cli-help-serve-trusted_proxies = 信任其 X-Forwarded-For / Forwarded 的代理：位址或 CIDR 網段，以逗號分隔。
cli-help-serve-cache_mib = 所有比賽的快照與已渲染頁面合計可占用的記憶體，單位 MiB（至少 1；未設定時為本機記憶體的十六分之一，介於 64 與 2,048 MiB 之間）。
cli-help-serve-max_listeners = 本伺服器上同時開啟的即時事件串流數。
cli-help-serve-pdf_concurrency = 同時產生的 PDF 數（至少 1）。
cli-help-serve-pdf_wait_ms = PDF 請求等待輪到自己的最長毫秒數，超過則回答 503。
cli-help-serve-metrics_token = 讓非本機位址也能讀取 /metrics 的 Bearer 權杖（至少 16 個字元）。
cli-setting-refused = { $var }={ $value }：{ $why }
cli-setting-why-address = 不是可監聽的位址（主機:連接埠）
cli-setting-why-key = 不是至少 64 位元組的十六進位或 base64
cli-setting-why-proxies = 不是以逗號分隔的位址或 CIDR 網段
cli-setting-why-token = 權杖至少需要 16 個不含空白的可列印字元
cli-setting-why-boolean = 應為 true 或 false
cli-setting-why-count = 應為整數
cli-setting-why-positive = 應為至少為 1 的整數
cli-setting-why-log-format = 應為 text 或 json
cli-setting-why-log-filter = 不是 tracing 過濾寫法（例如 info 或 fushi=debug,info）
cli-about-backup = 把 SQLite 資料庫一致地複製到一個新檔案，伺服器執行時也可以（還原方法見 docs/operations.md 的「Backups and moving」一節）。
cli-help-backup-out = 新檔案（不能已存在）。
cli-backed-up = 已把 { $from } 備份到 { $path }（{ $bytes } 位元組，已檢查完整性）
cli-backup-exists = { $path } 已存在：fushi backup 只寫入新檔案
cli-backup-postgres = fushi backup 只複製 SQLite 資料庫；PostgreSQL 請用 pg_dump（見 docs/operations.md 的「Backups and moving」一節）
cli-no-database = { $path }：沒有這個資料庫檔案（此命令只讀取資料庫，從不建立）
cli-help-serve-api_origins = 允許從瀏覽器讀取 /api/v1/ 的來源（CORS）：* 或以逗號分隔的來源，如 https://results.example（預設：無）。
cli-setting-why-origins = 不是 * 或以逗號分隔的來源（https://主機[:連接埠]）
cli-about-copy = 把整個資料庫（比賽、使用者及其權限、稽核紀錄、桌號連結與輸入、備註、Cookie 金鑰）複製到一個空資料庫，SQLite 或 PostgreSQL；來源資料庫在一個交易中讀取，使用中的資料庫依同一時刻的狀態複製。
cli-help-copy-from = 要複製的資料庫：postgres:// 位址或 SQLite 檔案路徑。
cli-help-copy-to = 要填入的空資料庫（需要時會建立並遷移）。
cli-help-copy-without_secrets = 不複製 Cookie 金鑰和工作階段：會產生新金鑰，所有人重新登入。
cli-copied = 已把 { $from } 複製到 { $to }（同一時刻的狀態，在一個交易中讀取）：{ $tables }
cli-help-serve-max_listeners_per_address = 同一用戶端位址同時開啟的即時事件串流數（至少 1）。
cli-help-serve-max_connections_per_address = 同一用戶端位址同時開啟的連線數（至少 1）；未設定時為開啟檔案上限減去 256 後的八分之一。手機共用一個位址的場館請調高。
# `fushi deal`（docs/deals.md）
cli-deal-seed-generated = 已設新種子（fushi 抽取的 128 位隨機數，後接你的文字；揭示前請保密）：{ $seed }
cli-dealt = 已為 { $slug } 發好 { $boards } 副牌（第 { $rounds } 輪；已有成績的輪次保留原牌）
cli-deal-commitment = 承諾（請在比賽前公布）：{ $commitment }
cli-about-deal = 按 docs/deals.md 用秘密種子發每副牌（或某一輪的牌），並顯示種子的承諾。
cli-help-deal-slug = 賽事的標識。
cli-help-deal-seed = 新種子的儀式文字：fushi 抽取 128 位隨機數，文字接在其後（「32 位十六進位:文字」）。不給時用目前的秘密種子發牌，沒有則抽一個新的。
cli-help-deal-round = 只發這一輪。
cli-help-serve-proxy_header = 受信任的代理用來告知用戶端位址的唯一標頭：X-Forwarded-For（預設）或 Forwarded；另一個被忽略。
cli-setting-why-proxy-header = 應為 X-Forwarded-For 或 Forwarded
cli-setting-why-proxies-everyone = 包含所有位址的網段會讓任何用戶端冒充任何位址；請只列出代理自己的位址
cli-setting-why-key-weak = 金鑰的位元組重複太多，不是隨機產生的（可用 openssl rand -hex 64 產生）
cli-help-serve-tls_cert = PEM 憑證鏈：fushi 自己提供 HTTPS（與 --tls-key 一起）。
cli-help-serve-tls_key = --tls-cert 的 PEM 私鑰。
cli-setting-why-tls-pair = FUSHI_TLS_CERT 和 FUSHI_TLS_KEY 要麼都設定，要麼都不設定
cli-setting-why-tls-unreadable = 無法讀取為 PEM 憑證及其私鑰：{ $error }
cli-setting-why-bind-taken = 無法在此監聽：{ $error }
cli-about-healthcheck = 詢問依此設定（FUSHI_BIND）執行的伺服器是否就緒；/readyz 回應 200 時結束碼為 0（容器的 HEALTHCHECK）。
cli-help-healthcheck-bind = 伺服器的位址，與 fushi serve 所用的相同。
cli-help-healthcheck-tls_cert = 伺服器的憑證（FUSHI_TLS_CERT）：設定時伺服器使用 HTTPS，也以 HTTPS 詢問。
cli-healthcheck-unhealthy = 未就緒：{ $why }
cli-setup-code = 還沒有帳戶。請在本機的 /setup（http://127.0.0.1:…）建立第一位管理員，或在其他裝置上使用這個一次性設定碼：{ $code }
