import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { CommandItem } from '@cbo/contract';
import { changeLanguage } from '@/shared/i18n';
import { setupI18n, setViewportWidth } from '@/test/list-page';
import { laterCommand } from '../use-fleet-live';
import { toCommandRequest } from '../views/dev-tool';
import { CommandTimeline } from './command-timeline';

const base: CommandItem = {
  id: '01JD3Z8Q6X5W9T2M4N7P0R8S1A',
  sn: 'SIMU000000000002',
  type: 'restart',
  data: {},
  state: 'pending',
  percent: null,
  result: null,
  reason: null,
  duplicate: false,
  checkCommandId: null,
  confirmedByInventory: null,
  batchId: null,
  createdBy: 'admin',
  createdAt: '2026-11-22T05:00:00Z',
  sentAt: null,
  acknowledgedAt: null,
  finishedAt: null,
  expiresAt: '2026-11-22T05:01:00Z',
};

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

const steps = (c: HTMLElement) =>
  [...c.querySelectorAll('[data-step]')].map(
    (e) => `${e.getAttribute('data-step')}:${e.getAttribute('data-done') ?? '-'}`,
  );

describe('command timeline', () => {
  it('marks the states reached and waits for the rest', () => {
    const { container } = render(
      <CommandTimeline command={{ ...base, state: 'sent', sentAt: '2026-11-22T05:00:01Z' }} />,
    );
    expect(steps(container)).toEqual(['pending:true', 'sent:true', 'acknowledged:false', 'end:-']);
    expect(container.textContent).toContain('Waiting for the result');
  });

  it('ends with the result and the reply payload', () => {
    const { container, getByTestId } = render(
      <CommandTimeline
        command={{
          ...base,
          type: 'queryVersion',
          state: 'succeeded',
          result: { firmware: { main: '2.3.1', board: '1.4' } },
          finishedAt: '2026-11-22T05:00:02Z',
        }}
      />,
    );
    expect(steps(container)).toEqual(['pending:true', 'sent:true', 'acknowledged:true', 'succeeded:true']);
    expect(JSON.parse(getByTestId('reply-payload').textContent!)).toEqual({
      firmware: { main: '2.3.1', board: '1.4' },
    });
  });

  it("says why a command failed, the cabinet's reason in words", () => {
    const { container } = render(
      <CommandTimeline command={{ ...base, type: 'openLock', state: 'failed', reason: 'rejected:busy' }} />,
    );
    expect(container.textContent).toContain('Reason: Refused by the cabinet: Another action in progress');
    const expired = render(<CommandTimeline command={{ ...base, state: 'expired', reason: 'expired' }} />);
    expect(expired.container.textContent).toContain('Expired before it was done');
  });
});

describe('live command merge', () => {
  it('keeps the state further on, whichever arrives last', () => {
    const acked = { ...base, state: 'acknowledged' as const };
    const sent = { ...base, state: 'sent' as const };
    // The ack came over the live channel before the send call answered "sent".
    expect(laterCommand(acked, sent)).toBe(acked);
    expect(laterCommand(sent, acked)).toBe(acked);
    const progress = { ...acked, percent: 40 };
    expect(laterCommand(acked, progress)).toBe(progress);
    expect(laterCommand(undefined, sent)).toBe(sent);
  });
});

describe('developer tool request', () => {
  it('sends only the settings filled in, FTP grouped', () => {
    expect(
      toCommandRequest({
        sn: 'SIMU000000000002',
        type: 'config',
        heartbeatSec: 30,
        host: ' ',
        ftpHost: 'ftp.example.com',
        ftpPort: 21,
      }),
    ).toEqual({
      sn: 'SIMU000000000002',
      type: 'config',
      data: { heartbeatSec: 30, ftp: { host: 'ftp.example.com', port: 21 } },
    });
    expect(toCommandRequest({ sn: 'SIMU000000000002', type: 'openLock', slot: 3 })).toEqual({
      sn: 'SIMU000000000002',
      type: 'openLock',
      data: { slot: 3 },
    });
    expect(
      toCommandRequest({
        sn: 'SIMU000000000002',
        type: 'upgrade',
        version: '2.4.0',
        url: 'https://x/fw.bin',
        sha256: '',
      }),
    ).toEqual({
      sn: 'SIMU000000000002',
      type: 'upgrade',
      data: { version: '2.4.0', url: 'https://x/fw.bin' },
    });
    expect(toCommandRequest({ sn: 'SIMU000000000002', type: 'queryIccid' })).toEqual({
      sn: 'SIMU000000000002',
      type: 'queryIccid',
      data: {},
    });
  });
});
