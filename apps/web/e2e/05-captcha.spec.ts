import {
  captchaDone,
  expect,
  fillLogin,
  PASSWORD,
  SPEC_USERS,
  submitLogin,
  switchLanguage,
  test,
} from './support';

// Fails the logins of a user of its own, from an address of its own (see support.ts): the captcha
// it leaves behind is asked of no other spec.
test('three failures bring the captcha, which the browser works out by itself, in both languages', async ({
  page,
}) => {
  const { username } = SPEC_USERS.captcha;
  await page.goto('/user/login');
  await expect(page.getByTestId('captcha-check')).toHaveCount(0);

  for (let attempt = 1; attempt <= 3; attempt++) {
    await fillLogin(page, username, `Wrong-password-${attempt}`);
    await submitLogin(page);
    await expect(page.getByTestId('login-error')).toHaveText('Wrong username or password');
    if (attempt < 3) await expect(page.getByTestId('captcha-check')).toHaveCount(0);
  }

  // The proof of work runs in the page; nothing to read or type.
  await captchaDone(page);
  await expect(page.getByTestId('captcha-check')).toContainText('Check done');

  // A wrong password with it: refused, and the next attempt gets a new proof.
  const proofs: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/sys/login')) proofs.push(String(request.postDataJSON()?.checkKey));
  });
  await fillLogin(page, username, 'Wrong-password-4');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong username or password');
  await captchaDone(page);
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByTestId('captcha-check')).toContainText('校验完成');
  await fillLogin(page, username, PASSWORD);
  await submitLogin(page);
  await expect(page.getByTestId('login-submit')).toBeHidden();
  expect(proofs).toHaveLength(2);
  expect(proofs[0]).not.toBe(proofs[1]);
});
