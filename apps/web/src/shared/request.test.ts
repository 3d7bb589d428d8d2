import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onApiError, request, REQUEST_TIMEOUT_MS } from './request';
import { ERROR_TOAST_SECONDS, installErrorHandling } from './errors';
import { setFeedback, type Feedback } from './feedback';
import { initI18n } from './i18n';
import { getToken, removeToken, setToken } from './settings';

/**
 * The request layer and the one error handler, through a mocked fetch: what the user
 * sees for each kind of answer.
 */
function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const toast = vi.fn();
const confirm = vi.fn();
let uninstall: () => void;

beforeAll(async () => {
  await initI18n('en_US');
});

beforeEach(() => {
  toast.mockReset();
  confirm.mockReset();
  setFeedback({ message: { error: toast }, modal: { confirm } } as unknown as Feedback);
  uninstall = installErrorHandling();
  setToken('tok-1');
});

afterEach(() => {
  uninstall();
  setFeedback(null);
  removeToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request', () => {
  it('answers data on code 0 and sends the console headers', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer({ code: 0, msg: '', data: { paramValue: 'Acme' } }));
    vi.stubGlobal('fetch', fetchMock);
    const data = await request('findValueByKey', { query: { paramType: 'basis', paramKey: 'brandName' } });
    expect(data).toEqual({ paramValue: 'Acme' });
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/user/api/open/v1/auth/findValueByKey?paramType=basis&paramKey=brandName');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ Authorization: 'tok-1', ClientType: 'MANAGE_PC', 'Accept-Language': 'zh_CN' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends JSON bodies for POST', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer({ code: 0, msg: '', data: { token: 't', browserType: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    await request('login', { body: { userName: 'admin', password: 'admin123', clientType: 'MANAGE_PC' } });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ userName: 'admin', password: 'admin123' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('rejects other codes with an ApiError carrying msg, and shows msg in red for 5 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer({ code: 100030, msg: 'Wrong account or password', data: null })),
    );
    const heard: ApiError[] = [];
    const off = onApiError((e) => heard.push(e));
    const err = await request('logout').catch((e: unknown) => e);
    off();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 100030, message: 'Wrong account or password', kind: 'api' });
    expect(heard).toHaveLength(1);
    expect(heard[0]!.message).toBe('Wrong account or password');
    expect(toast).toHaveBeenCalledWith({ content: 'Wrong account or password', duration: ERROR_TOAST_SECONDS });
    expect(ERROR_TOAST_SECONDS).toBe(5);
  });

  it('shows the frequent-operation text when msg is empty', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer({ code: 100005, msg: '', data: null })));
    await expect(request('logout')).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith({ content: 'Please do not operate frequently', duration: 5 });
  });

  it('opens one logged-out dialog for session-ending codes, however many calls fail', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation(() =>
          Promise.resolve(answer({ code: 100021, msg: 'Your session has expired', data: null })),
        ),
    );
    await Promise.allSettled([request('userInfo'), request('menuListByUser'), request('exportLogList', { query: {} })]);
    expect(toast).not.toHaveBeenCalled();
    expect(confirm).toHaveBeenCalledTimes(1);
    const opts = confirm.mock.calls[0]![0] as {
      title: string;
      okText: string;
      cancelText: string;
      onOk: () => void;
      afterClose: () => void;
    };
    expect(opts.title).toBe('Logged out');
    expect(opts.okText).toBe('Log in again');
    expect(opts.cancelText).toBe('Cancel');

    // Confirming clears the token and reloads the page.
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    opts.onOk();
    expect(getToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);

    // Once the dialog has closed, a new session end opens it again.
    opts.afterClose();
    setToken('tok-2');
    await request('userInfo').catch(() => undefined);
    expect(confirm).toHaveBeenCalledTimes(2);
    (confirm.mock.calls[1]![0] as { afterClose: () => void }).afterClose();
  });

  it('shows no dialog for a late session end after the user has signed out', async () => {
    removeToken();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer({ code: 100021, msg: 'x', data: null })));
    await request('userInfo').catch(() => undefined);
    expect(confirm).not.toHaveBeenCalled();
  });

  it.each([100020, 100022, 100023])('treats %i as a session end', async (code) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer({ code, msg: 'x', data: null })));
    await request('userInfo').catch(() => undefined);
    expect(confirm).toHaveBeenCalledTimes(1);
    (confirm.mock.calls[0]![0] as { afterClose: () => void }).afterClose();
  });

  it('rejects -100 with the response and shows nothing', async () => {
    const body = { code: -100, msg: 'partial', data: { total: 3, failed: 1 } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(body)));
    const err = (await request('logout').catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(-100);
    expect(err.response).toEqual(body);
    expect(toast).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('turns a network failure into the frequent-operation message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const err = (await request('logout').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledWith({ content: 'Please do not operate frequently', duration: 5 });
  });

  it('shows nothing for a silent call (the caller reports it)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer({ code: 100009, msg: 'busy', data: null })));
    await expect(request('userInfo', {}, { silent: true })).rejects.toMatchObject({ code: 100009 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('times out after 60 s through an AbortSignal and reports it as a network error', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    let seen: AbortSignal | undefined;
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      seen = init.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const pending = request('userInfo').catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(timeout).toHaveBeenCalledWith(60_000);
    expect(seen).toBe(timer.signal);
    timer.abort();
    const err = (await pending) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('network');
    expect(toast).toHaveBeenCalledWith({ content: 'Please do not operate frequently', duration: 5 });
  });

  it('lets a caller cancel without any toast, before or during the call', async () => {
    // Like the real fetch: an aborted signal rejects at once or when it fires.
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_r, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init.signal?.aborted) abort();
          init.signal?.addEventListener('abort', abort);
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const early = new AbortController();
    const first = request('userInfo', {}, { signal: early.signal }).catch((e: unknown) => e);
    early.abort();
    expect(await first).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();

    const late = new AbortController();
    const second = request('userInfo', {}, { signal: late.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    late.abort();
    expect(await second).toMatchObject({ name: 'AbortError' });
    expect(toast).not.toHaveBeenCalled();
  });
});
