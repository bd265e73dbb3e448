// Resources and logs through the real gateway and services: the platform administrator configures the
// local disk as the zone's storage, uploads a PDF and an image as attachments, previews and downloads
// them and deletes one; configures an SMS provider pointed at a local stand-in of Yunpian's API and
// checks a verification code end to end; then finds the sign-in in the login log and the upload in the
// operation log. Screenshots: e2e/screenshots/resources-*.png.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import { fill, pick, row, rowAction, settled, signIn, submit } from './pages';
import { type Stack, startStack } from './stack';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000100806000000' +
    '1ff3ff610000001c49444154789c63fcff9f8101c048c0c4409c5a062a' +
    '0d4c34041000c02f1fe10a9e4cfc0000000049454e44ae426082',
  'hex',
);
/** A one-page PDF with a line of text, its cross-reference table computed so that viewers accept it. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 36 60 Td (${text}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 140]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${stream.length}>>stream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj${body}endobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
const PDF = onePagePdf('Beihu zone planning approval');
const APIKEY = 'e2e-yunpian-apikey';
const PHONE = '13800138000';

/** A stand-in for Yunpian's template SMS API: checks the apikey and keeps what each message carried. */
function fakeYunpian(): Promise<{ server: Server; url: string; sent: URLSearchParams[] }> {
  const sent: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      res.setHeader('Content-Type', 'application/json;charset=utf-8');
      if (!req.url?.startsWith('/v2/sms/tpl_') || form.get('apikey') !== APIKEY) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: -1, msg: '非法的apikey', detail: '请检查的apikey是否正确' }));
        return;
      }
      sent.push(form);
      res.end(JSON.stringify({ code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', mobile: form.get('mobile'), sid: 1 }));
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent })),
  );
}

describe('resources and logs', () => {
  let stack: Stack;
  let s: Session;
  let yunpian: Awaited<ReturnType<typeof fakeYunpian>>;
  const dir = join(tmpdir(), `keeper-e2e-files-${process.pid}`);

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    yunpian = await fakeYunpian();
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '园区规划批复.pdf'), PDF);
    writeFileSync(join(dir, '施工现场.png'), PNG);
  });

  afterAll(async () => {
    yunpian?.server.close();
    await s?.close();
    await stack?.stop();
  });

  test('the local disk is configured, enabled and tested as the storage', async () => {
    const { page } = s;
    await signIn(stack, page);
    await page.goto(`${stack.url}/resource/oss/list`);
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await page.waitForURL(/\/resource\/oss\/add$/);
    await pick(page, '分类', '本地磁盘');
    await fill(page, '资源编号', 'local-disk');
    await fill(page, '文件夹名称', 'zone-files');
    await settled(page);
    await screenshot(page, 'resources-01-oss-add');
    await submit(page, 'oss-form');
    await page.waitForURL(/\/resource\/oss\/list$/);
    await rowAction(page, 'local-disk', '启用');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await row(page, 'local-disk').locator('.ant-tag', { hasText: '启用' }).waitFor();
    await rowAction(page, 'local-disk', '测试连接');
    const outcome = page.locator('.ant-modal-confirm');
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('local-disk 连接成功');
    await settled(page);
    await screenshot(page, 'resources-02-oss-list');
  });

  test('a PDF and an image are uploaded, previewed, downloaded, and one is deleted', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/resource/attach/list`);
    await page.getByRole('button', { name: /上\s*传/ }).first().click();
    await page.locator('[data-testid="attach-upload"] input[type=file], .ant-upload input[type=file]').first()
      .setInputFiles([join(dir, '园区规划批复.pdf'), join(dir, '施工现场.png')]);
    await page.getByText('已上传 2 个文件').waitFor();
    await screenshot(page, 'resources-03-attach-upload');
    await page.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await row(page, '园区规划批复.pdf').waitFor();
    await row(page, '施工现场.png').waitFor();
    expect(await row(page, '施工现场.png').textContent()).toContain(`${PNG.length} B`);
    await settled(page);
    await screenshot(page, 'resources-04-attach-list');

    // The image preview shows the picture itself.
    await rowAction(page, '施工现场.png', '预览');
    const img = page.locator('.ant-modal img');
    await img.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('.ant-modal img') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth === 16;
    });
    await screenshot(page, 'resources-05-attach-preview-image');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal img').waitFor({ state: 'detached' });

    // The PDF preview loads the document inline in a frame of the SPA.
    const pdfResponse = page.waitForResponse((r) => r.url().includes('/attach/preview'));
    await rowAction(page, '园区规划批复.pdf', '预览');
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['x-frame-options']).toBe('SAMEORIGIN');
    await page.locator('.ant-modal iframe, .ant-modal object').first().waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'resources-06-attach-preview-pdf');
    await page.keyboard.press('Escape');

    // The download arrives under its original name, byte for byte.
    const downloading = page.waitForEvent('download');
    await rowAction(page, '园区规划批复.pdf', '下载');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('园区规划批复.pdf');
    const saved = join(dir, 'downloaded.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(PDF)).toBe(true);

    // Deleting the image leaves the PDF.
    await rowAction(page, '施工现场.png', '删除');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await row(page, '施工现场.png').waitFor({ state: 'detached' });
    await row(page, '园区规划批复.pdf').waitFor();
  });

  test('a verification code goes out through the configured provider and checks once', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/resource/sms/list`);
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await page.waitForURL(/\/resource\/sms\/add$/);
    await pick(page, '分类', '云片');
    await fill(page, '资源编号', 'yunpian-test');
    await fill(page, 'APIKEY', APIKEY);
    await fill(page, '模板 ID（tpl_id）', '5800001');
    await fill(page, '短信签名', '北湖经开区');
    await fill(page, '接口地址', yunpian.url);
    await screenshot(page, 'resources-07-sms-add');
    await submit(page, 'sms-form');
    await page.waitForURL(/\/resource\/sms\/list$/);
    await rowAction(page, 'yunpian-test', '启用');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await row(page, 'yunpian-test').locator('.ant-tag', { hasText: '启用' }).waitFor();

    await rowAction(page, 'yunpian-test', '验证码测试');
    const dialog = page.locator('.ant-modal').filter({ hasText: '验证码测试' });
    await dialog.getByLabel('手机号码').fill(PHONE);
    await dialog.getByRole('button', { name: /发送验证码/ }).click();
    await dialog.getByText(`验证码已发送到 ${PHONE}`).waitFor();
    expect(yunpian.sent).toHaveLength(1);
    expect(yunpian.sent[0].get('mobile')).toBe(PHONE);
    expect(yunpian.sent[0].get('tpl_id')).toBe('5800001');
    // tpl_value is itself a url-encoded form of the template's variables (`%23code%23=123456`).
    const code = new URLSearchParams(yunpian.sent[0].get('tpl_value') ?? '').get('#code#') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('验证码', { exact: true }).fill(code!);
    await dialog.getByRole('button', { name: /校\s*验/ }).click();
    await dialog.getByText('短信校验成功').waitFor();
    await screenshot(page, 'resources-08-sms-validate');
    // The code is single use.
    await dialog.getByRole('button', { name: /校\s*验/ }).click();
    await dialog.locator('[data-testid="sms-validate-outcome"].ant-alert-error').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: '发送记录' }).click();
    await row(page, PHONE).first().waitFor();
    const logged = (await row(page, PHONE).first().textContent()) ?? '';
    expect(logged).not.toContain(code!);
    await settled(page);
    await screenshot(page, 'resources-09-sms-log');
  });

  test('the sign-in is in the login log and the upload in the operation log', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/log/login`);
    await row(page, 'admin').first().waitFor();
    expect(await row(page, 'admin').first().textContent()).toContain('成功');
    await settled(page);
    await screenshot(page, 'resources-10-login-log');

    await page.goto(`${stack.url}/system/log/operation`);
    const upload = row(page, 'put-file-attach').first();
    await upload.waitFor({ timeout: 15_000 });
    expect(await upload.textContent()).toContain('admin');
    await settled(page);
    await screenshot(page, 'resources-11-operation-log');
    await upload.getByRole('button', { name: /^查\s*看$/ }).click();
    await page.waitForURL(/\/system\/log\/operation\/view\/\d+$/);
    await page.getByText('/oss/endpoint/put-file-attach').first().waitFor();
    await settled(page);
    await screenshot(page, 'resources-12-operation-log-view');
  });
});
