// Lighthouse, axe-core and the Nu HTML checker over fushi's pages, one table of figures.
//
// Run by tests/audit/run.sh, which prepares the event and the server; alone:
//   node tests/audit/audit.mjs --base http://127.0.0.1:18500 --user NAME --password PW
// Options: --lang zh-Hans,en (the languages), --only NAME,NAME (some pages),
// --no-lighthouse, --verbose (every finding), --json FILE (every figure).
// Environment: CHROME_PATH (default /usr/bin/chromium), JAVA (default java).
//
// The goal (docs/development.md, Audits): Lighthouse (mobile) 100 in all four categories on
// the six public pages, and on every page axe-core 0 violations of impact serious or
// critical (at 390 and 1280 px) and the Nu checker 0 errors. The exit status is 1 when a
// figure misses it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const VNU = join(dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

const { values: opt } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:18500' },
    user: { type: 'string', default: 'audit' },
    password: { type: 'string', default: process.env.AUDIT_PASSWORD ?? '' },
    lang: { type: 'string', default: 'zh-Hans,en' },
    only: { type: 'string', default: '' },
    'no-lighthouse': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string', default: '' },
  },
});

// The pages of the event run.sh imports: the club night (a fourth round dealt, in play at
// the tables) and a championship whose knockout has been played. `lh`: Lighthouse runs on
// it (the public pages and the table page); `director`: it needs the director signed in.
const PAGES = [
  { name: 'overview', path: '/t/club-night', lh: true },
  { name: 'standings', path: '/t/club-night/standings', lh: true },
  { name: 'match', path: '/t/club-night/rounds/3/tables/1', lh: true },
  { name: 'traveller', path: '/t/club-night/rounds/3/boards/1', lh: true },
  { name: 'bracket', path: '/t/stages-swiss-knockout-8/bracket', lh: true },
  { name: 'table', path: null, lh: true }, // found on the round's table-links page
  { name: 'large', path: '/t/large-field/standings', lh: true }, // 2,048 teams
  { name: 'entry', path: '/d/club-night/rounds/4/tables/1', director: true },
  { name: 'hall', path: '/d/club-night/rounds/4/hall', director: true },
  { name: 'settings', path: '/d/club-night/settings', director: true },
];

const LH_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SERIOUS = new Set(['serious', 'critical']);

function withLang(path, lang) {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
}

async function signIn(browser) {
  const page = await browser.newPage();
  await page.goto(`${opt.base}/login`, { waitUntil: 'load' });
  await page.type('#name', opt.user);
  await page.type('#password', opt.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'load' }),
    page.click('form.auth-form button[type=submit]'),
  ]);
  if (new URL(page.url()).pathname === '/login') {
    throw new Error(`signing in as ${opt.user} failed`);
  }
  const cookies = await page.cookies(opt.base);
  await page.close();
  return cookies;
}

async function tableLink(cookie) {
  const res = await fetch(`${opt.base}/d/club-night/rounds/4/table-links`, { headers: { cookie } });
  const html = await res.text();
  const link = html.match(/\/table\/[A-Za-z0-9_-]+/);
  if (!link) throw new Error('no table link on /d/club-night/rounds/4/table-links');
  return link[0];
}

async function axe(browser, cookies, url) {
  const found = new Map();
  for (const width of [390, 1280]) {
    const page = await browser.newPage();
    await page.setViewport({ width, height: 900 });
    if (cookies) await page.setCookie(...cookies);
    await page.goto(url, { waitUntil: 'load' });
    // Evaluated over the DevTools protocol: the page's policy allows no inline script.
    await page.evaluate(AXE);
    const result = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    await page.close();
    for (const v of result) {
      const key = `${v.id}`;
      if (!found.has(key)) found.set(key, { ...v, widths: [] });
      found.get(key).widths.push(width);
    }
  }
  const all = [...found.values()];
  return { serious: all.filter((v) => SERIOUS.has(v.impact)), all };
}

async function lighthouseRun(port, url) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: LH_CATEGORIES,
  });
  const scores = Object.fromEntries(
    LH_CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]),
  );
  const misses = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative'
      && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .filter((a) => LH_CATEGORIES.some((c) => lhr.categories[c].auditRefs
      .some((r) => r.id === a.id && r.weight > 0)))
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  return { scores, misses, lcp };
}

// The Nu checker over every page at once (one JVM); it writes its JSON report to stderr.
function nuReport(files) {
  const run = spawnSync(process.env.JAVA ?? 'java',
    ['-jar', VNU, '--format', 'json', '--exit-zero-always', ...files],
    { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.error) throw run.error;
  return run.stderr;
}

async function main() {
  const langs = opt.lang.split(',').filter(Boolean);
  const only = new Set(opt.only.split(',').filter(Boolean));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const cookies = await signIn(browser);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const table = await tableLink(cookie);
  const dir = mkdtempSync(join(tmpdir(), 'fushi-audit-'));
  const rows = [];
  for (const p of PAGES) {
    if (only.size && !only.has(p.name)) continue;
    const path = p.path ?? table;
    for (const lang of langs) {
      const url = `${opt.base}${withLang(path, lang)}`;
      const row = { page: p.name, lang, path, url };
      process.stderr.write(`${p.name} (${lang})…\n`);
      // The Nu checker reads the HTML as the server sends it.
      const res = await fetch(url, { headers: p.director ? { cookie } : {} });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      row.file = join(dir, `${p.name}-${lang}.html`);
      writeFileSync(row.file, await res.text());
      row.axe = await axe(browser, p.director ? cookies : null, url);
      if (p.lh && !opt['no-lighthouse']) {
        row.lh = await lighthouseRun(chrome.port, url);
      }
      rows.push(row);
    }
  }
  await browser.disconnect();
  await chrome.kill();

  const report = JSON.parse(nuReport(rows.map((r) => r.file)) || '{"messages":[]}');
  for (const r of rows) {
    const mine = report.messages.filter((m) => m.url && m.url.endsWith(r.file));
    r.nu = mine.filter((m) => m.type === 'error' || m.subType === 'fatal');
    r.nuWarnings = mine.filter((m) => m.type === 'info' && m.subType === 'warning');
  }

  let ok = true;
  const lines = [
    '| page | language | performance | accessibility | best practices | SEO | LCP | axe serious | Nu errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const lh = r.lh ? LH_CATEGORIES.map((c) => r.lh.scores[c]) : ['–', '–', '–', '–'];
    if (r.lh && lh.some((s) => s !== 100)) ok = false;
    if (r.axe.serious.length || r.nu.length) ok = false;
    const lcp = r.lh?.lcp === undefined ? '–' : `${(r.lh.lcp / 1000).toFixed(1)} s`;
    lines.push(`| ${r.page} | ${r.lang} | ${lh.join(' | ')} | ${lcp} | ${r.axe.serious.length} | ${r.nu.length} |`);
  }
  console.log(lines.join('\n'));
  for (const r of rows) {
    const notes = [];
    if (r.lh) notes.push(...r.lh.misses.map((m) => `lighthouse: ${m}`));
    for (const v of opt.verbose ? r.axe.all : r.axe.serious) {
      notes.push(`axe ${v.impact}: ${v.id} at ${v.widths.join('/')} px: ${v.help}: ${v.nodes.slice(0, 3).join(', ')}`);
    }
    for (const m of opt.verbose ? [...r.nu, ...r.nuWarnings] : r.nu) {
      notes.push(`nu ${m.type}: line ${m.lastLine}: ${m.message}`);
    }
    if (notes.length) {
      console.log(`\n${r.page} (${r.lang}) ${r.path}`);
      for (const n of notes) console.log(`  ${n}`);
    }
  }
  if (opt.json) writeFileSync(opt.json, JSON.stringify(rows, null, 2));
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
