// Screenshots and printed pages of fushi for the guides, in headless Chromium: each
// `--page NAME=PATH` at 390 and 1280 px (PNG, the whole page) and, with `--print`, as
// Chromium prints it on A4 (PDF; `pdftoppm -png -r 50` makes pictures of its pages).
//   node tests/audit/shots.mjs --base URL --out DIR [--user NAME] --page overview=/t/x …
// With AUDIT_PASSWORD the browser signs in first (director pages). Chinese pages need a CJK
// font: FONTCONFIG_FILE=$PWD/tests/audit/fonts.conf (docs/development.md, "Screenshots").
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';

const { values: opt } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:18500' },
    out: { type: 'string', default: 'shots' },
    user: { type: 'string', default: 'audit' },
    page: { type: 'string', multiple: true, default: [] },
    widths: { type: 'string', default: '390,1280' },
    print: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
  },
});

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
mkdirSync(opt.out, { recursive: true });
const tab = await browser.newPage();
if (process.env.AUDIT_PASSWORD) {
  await tab.goto(`${opt.base}/login`, { waitUntil: 'load' });
  await tab.type('#name', opt.user);
  await tab.type('#password', process.env.AUDIT_PASSWORD);
  await Promise.all([tab.waitForNavigation({ waitUntil: 'load' }),
    tab.click('form.auth-form button[type=submit]')]);
}
for (const spec of opt.page) {
  const [name, path] = spec.split(/=(.*)/s);
  for (const width of opt.print ? [] : opt.widths.split(',').map(Number)) {
    await tab.setViewport({ width, height: width < 600 ? 844 : 900, deviceScaleFactor: 1 });
    await tab.goto(`${opt.base}${path}`, { waitUntil: 'networkidle2' });
    await tab.screenshot({ path: join(opt.out, `${name}-${width}.png`), fullPage: opt.full });
  }
  if (opt.print) {
    await tab.setViewport({ width: 1280, height: 900 });
    await tab.goto(`${opt.base}${path}`, { waitUntil: 'networkidle2' });
    await tab.pdf({ path: join(opt.out, `${name}.pdf`), format: 'A4', preferCSSPageSize: true });
  }
  process.stderr.write(`${name}\n`);
}
await browser.close();
