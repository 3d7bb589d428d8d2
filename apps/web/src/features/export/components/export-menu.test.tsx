import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, LIVE_TYPES, type ExportLogItem, type LiveType } from '@cbo/contract';
import { button, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import ExportMenu from './export-menu';

/** The live channel, driven by the test. */
const live = vi.hoisted(() => {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  return {
    handlers,
    emit(type: string, data: unknown) {
      handlers.get(type)?.forEach((h) => h(data));
    },
  };
});
vi.mock('@/shared/live', () => ({
  subscribeLive: (type: LiveType, handler: (data: unknown) => void) => {
    if (!live.handlers.has(type)) live.handlers.set(type, new Set());
    live.handlers.get(type)!.add(handler);
    return () => live.handlers.get(type)!.delete(handler);
  },
}));

const LIST = api.exportLogList.path;

function item(id: number, exportSpeed: string, extra: Partial<ExportLogItem> = {}): ExportLogItem {
  const done = exportSpeed === '100%';
  return {
    id,
    fileName: `login-log-${id}.xlsx`,
    createTime: '2025-03-01T08:00:00Z',
    exportSpeed,
    fileUrl: done ? `/user/api/v1/exportExcelLog/download?id=${id}` : null,
    status: done ? 'done' : 'running',
    rowCount: done ? 12 : null,
    error: null,
    ...extra,
  };
}

function row(id: number): HTMLElement {
  return screen.getByTestId(`export-${id}`);
}

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => {
  setViewportWidth(1440);
  live.handlers.clear();
});

describe('ExportMenu', () => {
  it('counts running exports on the badge', async () => {
    fakeServer({ [LIST]: { list: [item(1, '40%'), item(2, '100%'), item(3, '0%', { status: 'pending' })], total: 3 } });
    renderView(<ExportMenu />);
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.textContent).toBe('2'));
  });

  it('enables the download only at 100%, as a plain link to the file', async () => {
    // Even with a link already known, 40% is not downloadable (enabled at 100%).
    const server = fakeServer({
      [LIST]: {
        list: [item(1, '40%', { fileUrl: '/user/api/v1/exportExcelLog/download?id=1' }), item(2, '100%')],
        total: 2,
      },
    });
    renderView(<ExportMenu />);
    fireEvent.click(button(/exports/i));

    await screen.findByText('login-log-2.xlsx');
    expect(within(row(1)).queryByRole('link')).toBeNull();
    expect(within(row(1)).getByText('Download').closest('[aria-disabled="true"]')).toBeTruthy();
    const link = within(row(2)).getByRole('link') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/user/api/v1/exportExcelLog/download?id=2');
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(row(2)).getByText(/· 12 rows$/)).toBeTruthy();

    expect(server.last(LIST)!.query.get('pageSize')).toBe('10');
    expect(server.last(LIST)!.query.get('pageNum')).toBe('1');
  });

  it('shows why an export failed and offers no download', async () => {
    fakeServer({
      [LIST]: { list: [item(5, '100%', { status: 'failed', fileUrl: null, error: 'interrupted' })], total: 1 },
    });
    renderView(<ExportMenu />);
    fireEvent.click(button(/exports/i));
    expect(await screen.findByText('Interrupted several times and stopped; export again')).toBeTruthy();
    expect(within(row(5)).queryByRole('link')).toBeNull();
  });

  it('moves the progress on EXPORT_PROGRESS and enables the link after EXPORT_RESULT', async () => {
    let finished = false;
    fakeServer({ [LIST]: () => ({ data: { list: [finished ? item(1, '100%') : item(1, '10%')], total: 1 } }) });
    renderView(<ExportMenu />);
    fireEvent.click(button(/exports/i));
    await screen.findByText('login-log-1.xlsx');
    expect(within(row(1)).getByText('10%')).toBeTruthy();

    act(() => live.emit(LIVE_TYPES.exportProgress, { id: 1, exportSpeed: '60%' }));
    await waitFor(() => expect(within(row(1)).getByText('60%')).toBeTruthy());
    expect(within(row(1)).queryByRole('link')).toBeNull();

    finished = true;
    act(() =>
      live.emit(LIVE_TYPES.exportResult, {
        id: 1,
        fileName: 'login-log-1.xlsx',
        fileUrl: '/user/api/v1/exportExcelLog/download?id=1',
      }),
    );
    await waitFor(() => expect(within(row(1)).getByRole('link')).toBeTruthy());
    // The notification carries its own download link.
    expect(await screen.findByText('Export ready')).toBeTruthy();
  });

  it('announces a finished export with a notice that closes by itself and leads into the export list', async () => {
    fakeServer({ [LIST]: { list: [item(7, '100%')], total: 1 } });
    renderView(<ExportMenu />);
    act(() =>
      live.emit(LIVE_TYPES.exportResult, {
        id: 7,
        fileName: 'login-log-7.xlsx',
        fileUrl: '/user/api/v1/exportExcelLog/download?id=7',
      }),
    );
    const notice = await screen.findByTestId('export-notice-7');
    // Timed: the bar counting down is only drawn for a notice that closes by itself.
    expect(notice.querySelector('.ant-notification-notice-progress')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/user/api/v1/exportExcelLog/download?id=7',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Open the export list' }));
    expect(await screen.findByTestId('export-7')).toBeTruthy();
  });

  it('pages through the export log ten at a time', async () => {
    const server = fakeServer({
      [LIST]: (call) => {
        const page = Number(call.query.get('pageNum'));
        return { data: { list: [item(page * 100, '100%')], total: 25 } };
      },
    });
    renderView(<ExportMenu />);
    fireEvent.click(button(/exports/i));
    await screen.findByText('login-log-100.xlsx');
    fireEvent.click(document.querySelector('.ant-pagination-next') as HTMLElement);
    expect(await screen.findByText('login-log-200.xlsx')).toBeTruthy();
    expect(server.last(LIST)!.query.get('pageNum')).toBe('2');
  });
});
