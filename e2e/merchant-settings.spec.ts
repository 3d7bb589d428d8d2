import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, ensureMobile, lastCode, signIn, sendCode } from './helpers';

/** Answers the SMS code dialog with the code the server wrote to DATA_DIR/sms.log (SMS_PROVIDER=file). */
async function enterCode(page: Page, mobile: string) {
  const dialog = page.getByRole('dialog', { name: 'SMS verification' });
  await expect(dialog).toBeVisible();
  await sendCode(dialog, mobile);
  await expect(dialog).toContainText(/A code was sent to/);
  await dialog.getByLabel('Verification code').fill(lastCode(mobile));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}

test('payment companies: WeChat Pay saved with a generated key and the SMS code; the secret shows only as set; a bad key is said on its field', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const platformPem = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ format: 'pem', type: 'spki' })
    .toString();
  const apiV3Key = crypto.randomBytes(16).toString('hex'); // 32 characters

  await signIn(page, { redirect: '/system/config', lang: 'en_US' });
  const mobile = await ensureMobile(await api(page));
  await page.getByRole('tab', { name: 'Pay and withdrawal' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Pay and withdrawal' });
  const section = panel.getByTestId('merchant-accounts');
  await expect(section).toBeVisible();
  const wechat = section.getByTestId('merchant-wechatpay');
  await expect(wechat).toContainText('Deposit-free rentals are Alipay-only');
  await expect(wechat).toContainText('Set the notification base address above first.');

  // the notification base: a sensitive change, so the code dialog opens
  await section.getByLabel('Notification base address').fill('http://pay.example.com');
  await section.getByRole('button', { name: 'Save address' }).click();
  await expect(section.locator('.ant-form-item-explain-error').first()).toContainText('must be an https:// address');
  await section.getByLabel('Notification base address').fill('https://pay.example.com');
  await section.getByRole('button', { name: 'Save address' }).click();
  await enterCode(page, mobile);
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');
  await expect(section.getByTestId('merchant-alipay')).toContainText('Not saved yet');
  await expect(wechat.getByTestId('merchant-notify-url')).toHaveText('https://pay.example.com/pay/notify/wechatpay');

  // WeChat Pay's fields, a well-formed text that is no key first: the server's refusal stays on the field
  await wechat.getByLabel('Merchant ID').fill('1900000109');
  await wechat.getByLabel('App ID').fill('wxd678efh567hg6787');
  await wechat.getByLabel('Merchant certificate serial number').fill('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
  await wechat.getByLabel('WeChat Pay public key ID').fill('PUB_KEY_ID_0114232134912410000000000000');
  await wechat.getByLabel('WeChat Pay public key', { exact: true }).fill(platformPem);
  const junk = `-----BEGIN PRIVATE KEY-----\n${crypto.randomBytes(300).toString('base64')}\n-----END PRIVATE KEY-----`;
  await wechat.getByLabel('Merchant API private key').fill(junk);
  await wechat.getByLabel('APIv3 key').fill('too-short');
  await wechat.getByRole('button', { name: 'Save WeChat Pay' }).click();
  await expect(wechat.locator('.ant-form-item-explain-error')).toContainText(['must be exactly 32 characters']);
  await wechat.getByLabel('APIv3 key').fill(apiV3Key);
  await wechat.getByRole('button', { name: 'Save WeChat Pay' }).click();
  await expect(wechat.locator('.ant-form-item-explain-error')).toContainText([
    'Merchant API private key is not a readable RSA private key',
  ]);
  await page.screenshot({ path: '/tmp/merchant-bad-key-1440.png', fullPage: true });

  // the generated key, enabled: saved with the ticket still held
  await wechat.getByLabel('Merchant API private key').fill(privatePem);
  await wechat.getByRole('switch', { name: 'Enabled' }).click();
  await wechat.getByRole('button', { name: 'Save WeChat Pay' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');
  await expect(wechat).toContainText('Ready');
  // Switched off again: the keys stay (a company switched off still answers for what it holds), and the
  // flows that share this server after this one keep their WeChat channel's money in the sandbox.
  await wechat.getByRole('switch', { name: 'Enabled' }).click();
  await wechat.getByRole('button', { name: 'Save WeChat Pay' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');

  // after a reload the secrets show only as set, and the answer of the read carries no secret
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/global/config/merchant') && r.request().method() === 'GET',
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Pay and withdrawal' }).click();
  const body = await (await answer).text();
  expect(body).not.toContain(apiV3Key);
  expect(body).not.toContain(privatePem.split('\n')[3]);
  expect(JSON.parse(body).data.wechatpay.secrets.apiV3Key.set).toBe(true);
  const reloaded = page.getByRole('tabpanel', { name: 'Pay and withdrawal' }).getByTestId('merchant-wechatpay');
  await expect(reloaded.getByTestId('secret-merchantPrivateKey')).toContainText(/Set · saved \d{4}-\d{2}-\d{2}/);
  await expect(reloaded.getByTestId('secret-apiV3Key')).toContainText('Set · saved');
  await expect(reloaded.getByLabel('Merchant ID')).toHaveValue('1900000109');
  await expect(reloaded.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
  expect(await page.content()).not.toContain(apiV3Key);
  // Replace opens an empty input; keeping the saved one closes it again
  await reloaded.getByTestId('secret-apiV3Key').getByRole('button', { name: 'Replace' }).click();
  await expect(reloaded.getByLabel('APIv3 key')).toHaveValue('');
  await reloaded.getByRole('button', { name: 'Keep saved' }).click();
  await expect(reloaded.getByTestId('secret-apiV3Key')).toBeVisible();
  await reloaded.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-saved-1440.png', fullPage: true });

  // below 992 px the cards stack and stay usable
  await page.setViewportSize({ width: 800, height: 1000 });
  await expect(reloaded.getByTestId('secret-merchantPrivateKey')).toBeVisible();
  const box = await reloaded.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(800);
  await page.screenshot({ path: '/tmp/merchant-saved-800.png', fullPage: true });
});
