import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { initI18n } from '@/shared/i18n';
import { getBrandName, getToken, removeToken } from '@/shared/settings';
import LoginPage, { missingFields } from './login-page';

type Answer = { code: number; msg: string; data: unknown };

/** Answers by path; records what the page sent. */
function serve(routes: Record<string, Answer>) {
  const sent: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://console.test').pathname;
      sent.push({
        path,
        body: init.body ? JSON.parse(init.body as string) : undefined,
        headers: init.headers as Record<string, string>,
      });
      const answer = routes[path] ?? { code: 100004, msg: 'Not found', data: null };
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

const LOGIN = '/user/api/open/v1/auth';
const PARAM = '/user/api/open/v1/auth/findValueByKey';

beforeAll(async () => {
  await initI18n('en_US');
});
beforeEach(() => {
  localStorage.clear();
  removeToken();
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

function renderPage(onSignedIn = vi.fn()) {
  render(
    <App>
      <LoginPage onSignedIn={onSignedIn} />
    </App>,
  );
  return onSignedIn;
}

describe('missingFields', () => {
  it('requires the user name (not just spaces) and the password', () => {
    const empty = { userName: '', areaCode: '', mobile: '', password: '' };
    expect(missingFields('account', empty)).toEqual(['userName', 'password']);
    expect(missingFields('account', { ...empty, userName: '  ', password: ' ' })).toEqual(['userName']);
    expect(missingFields('mobile', { ...empty, areaCode: '86', password: 'x' })).toEqual(['mobile']);
  });
});

describe('LoginPage', () => {
  it('shows the translated required messages and sends nothing', async () => {
    const sent = serve({});
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(sent.filter((c) => c.path === LOGIN)).toHaveLength(0);
  });

  it('signs in by user name: stores token, browserType and brand, then hands over', async () => {
    const sent = serve({
      [LOGIN]: { code: 0, msg: 'success', data: { token: 'tok-9', browserType: 3 } },
      [PARAM]: { code: 0, msg: 'success', data: { paramValue: 'Acme Power' } },
    });
    const onSignedIn = renderPage();
    fireEvent.change(screen.getByPlaceholderText('User name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'admin123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(sent.find((c) => c.path === LOGIN)).toMatchObject({
      path: LOGIN,
      body: { userName: 'admin', password: 'admin123', clientType: 'MANAGE_PC', browserType: '1' },
      headers: { ClientType: 'MANAGE_PC' },
    });
    expect(getToken()).toBe('tok-9');
    expect(localStorage.getItem('browserType')).toBe('3');
    expect(getBrandName()).toBe('Acme Power');
  });

  it('signs in by area code and mobile', async () => {
    const sent = serve({ [LOGIN]: { code: 0, msg: 'success', data: { token: 't', browserType: 1 } } });
    const onSignedIn = renderPage();
    fireEvent.click(screen.getByText('Mobile'));
    // The area code starts at +86, as in the personnel form.
    expect(((await screen.findByPlaceholderText('Area code')) as HTMLInputElement).value).toBe('86');
    fireEvent.change(screen.getByPlaceholderText('Mobile number'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const login = sent.find((c) => c.path === LOGIN)!;
    expect(login.body).toMatchObject({ areaCode: '86', mobile: '13800000000', password: 'secret1' });
    expect(login.body).not.toHaveProperty('userName');
  });

  it("keeps each tab's password to itself", async () => {
    serve({});
    renderPage();
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'typed-for-admin' } });
    fireEvent.click(screen.getByText('Mobile'));
    await screen.findByPlaceholderText('Mobile number');
    expect((screen.getByPlaceholderText('Password') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'typed-for-mobile' } });
    fireEvent.click(screen.getByText('User name'));
    await screen.findByPlaceholderText('User name');
    expect((screen.getByPlaceholderText('Password') as HTMLInputElement).value).toBe('typed-for-admin');
  });

  it('heads the card with the configured brand, fetched on the sign-in screen itself', async () => {
    serve({ [PARAM]: { code: 0, msg: 'success', data: { paramValue: 'Acme Power' } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme Power' })).toBeTruthy();
    expect(getBrandName()).toBe('Acme Power');
  });

  it('stays on the page without a token when the server refuses', async () => {
    const sent = serve({ [LOGIN]: { code: 100030, msg: 'Wrong account or password', data: null } });
    const onSignedIn = renderPage();
    fireEvent.change(screen.getByPlaceholderText('User name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'nope123' } });
    const button = screen.getByRole('button', { name: 'Sign in' });
    fireEvent.click(button);
    await waitFor(() => expect(sent.filter((c) => c.path === LOGIN)).toHaveLength(1));
    // The button leaves its loading state once the refusal is in; the form keeps what was typed.
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect((screen.getByPlaceholderText('User name') as HTMLInputElement).value).toBe('admin');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });
});
