import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type BatchStorageReport } from '@cbo/contract';
import { button, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import BatchStorageView, { reportOf } from './batch-storage';
import { ApiError } from '@/shared/request';

const LIST = api.cabinetQueryPage.path;
const BUTTONS = api.menuGetButton.path;
const STORE = api.cabinetBatchStorage.path;

const report: BatchStorageReport = {
  total: 3,
  succeeded: 1,
  succeededSns: ['TEST000000000901'],
  failed: [
    { sn: 'SIMU000000000001', reason: 'alreadyInStock', msg: 'The device is already in stock' },
    { sn: 'TEST000000000901', reason: 'duplicate', msg: 'The device code appears more than once' },
  ],
};

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

/** The server's answer to a partly failed batch: code -100 with the report in data. */
function partialFailure() {
  const server = fakeServer({ [LIST]: { list: [], total: 0 }, [BUTTONS]: ['device:cabinet:batchStorage'] });
  const fake = globalThis.fetch;
  const calls: unknown[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (new URL(url, 'http://console.test').pathname !== STORE) return fake(url, init);
    calls.push(JSON.parse(String(init?.body)));
    return {
      ok: true,
      status: 200,
      json: async () => ({ code: -100, msg: 'Some devices failed: 1 succeeded, 2 failed', data: report }),
    } as Response;
  }) as typeof fetch;
  return { server, calls };
}

async function openForm() {
  renderView(<BatchStorageView />, { path: '/device/batchStorage' });
  await waitFor(() => button(/batch stock-in/i));
  fireEvent.click(button(/batch stock-in/i));
  return (await screen.findByPlaceholderText(/one sn per line/i)) as HTMLTextAreaElement;
}

describe('batch storage screen', () => {
  it('refuses a non-standard SN in the form, naming it, without calling the server', async () => {
    const { calls } = partialFailure();
    const box = await openForm();
    fireEvent.change(box, { target: { value: 'TEST000000000901\nTEST12' } });
    fireEvent.click(button(/^stock in$/i));
    expect(await screen.findByText(/TEST12: .*non-standard device code/i)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says it registers cabinets with the fleet only, and links to where devices enter the business', async () => {
    partialFailure();
    await openForm();
    const note = screen.getByTestId('one-way-in');
    expect(note.textContent).toContain('registers cabinets with the fleet only');
    expect(within(note).getByRole('link', { name: 'Go to Stock in/out' }).getAttribute('href')).toBe(
      '/operation/stock',
    );
  });

  it('sends the pasted list and shows the report of a partial failure: total, successes, failures with reasons', async () => {
    const { calls } = partialFailure();
    const box = await openForm();
    fireEvent.change(box, { target: { value: 'test000000000901, SIMU000000000001\nTEST000000000901' } });
    expect(await screen.findByText('3 of at most 500')).toBeTruthy();
    fireEvent.click(button(/^stock in$/i));
    const shown = await screen.findByTestId('storage-report');
    expect(calls).toEqual([{ sns: ['TEST000000000901', 'SIMU000000000001', 'TEST000000000901'] }]);
    expect(shown.textContent).toContain('Partly done: 1 stocked in, 2 failed');
    expect(shown.textContent).toContain('Already in stock');
    expect(shown.textContent).toContain('Repeated in this batch');
    expect(shown.textContent).toContain('The device is already in stock');
    // The request layer shows no toast for -100; the screen itself showed the report.
    expect(document.querySelector('.ant-message-error')).toBeNull();
  });

  it('checks a range against its start and previews its size', async () => {
    const { calls } = partialFailure();
    await openForm();
    fireEvent.click(screen.getByText('By SN range'));
    const [start, end] = [
      await screen.findByPlaceholderText('CHGB000000000001'),
      screen.getByPlaceholderText('CHGB000000000100'),
    ];
    fireEvent.change(start!, { target: { value: 'TEST000000000010' } });
    fireEvent.change(end!, { target: { value: 'TEST000000000009' } });
    fireEvent.click(button(/^stock in$/i));
    expect(await screen.findByText(/cannot be below start/i)).toBeTruthy();
    fireEvent.change(end!, { target: { value: 'TEST000000000014' } });
    expect(await screen.findByText('5 cabinets: TEST000000000010 … TEST000000000014')).toBeTruthy();
    fireEvent.click(button(/^stock in$/i));
    await waitFor(() => expect(calls).toEqual([{ start: 'TEST000000000010', end: 'TEST000000000014' }]));
  });
});

describe('reportOf', () => {
  it('takes the report from a -100 answer, and nothing from other errors', () => {
    expect(reportOf(report)).toBe(report);
    expect(reportOf(new ApiError(-100, 'partial', 'api', { code: -100, msg: 'partial', data: report }))).toBe(report);
    expect(reportOf(new ApiError(100301, 'bad', 'api', { code: 100301, msg: 'bad', data: null }))).toBeNull();
  });
});
