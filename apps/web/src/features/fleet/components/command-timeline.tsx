import { Progress, Tag, Timeline, Typography, type TimelineProps } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/list-page';

/** A command's states on the server (protocol.md, "Command life on the server"). */
export const COMMAND_FLOW = ['pending', 'sent', 'acknowledged'] as const;
export const COMMAND_ENDS = ['succeeded', 'failed', 'expired'] as const;
export type CommandStateName = (typeof COMMAND_FLOW)[number] | (typeof COMMAND_ENDS)[number];

/** What the timeline needs of a command row. */
export interface CommandView {
  id: string;
  type: string;
  state: CommandStateName;
  /** Download progress of an upgrade, 0-100. */
  percent?: number | null;
  /** The reply's `result` (success). */
  result?: unknown;
  /** Why it failed: the cabinet's reason, `rejected:<reason>`, or `expired`. */
  reason?: string | null;
  /** The cabinet had seen this ID and answered with its stored reply. */
  duplicate?: boolean;
  createdAt?: string | null;
  sentAt?: string | null;
  acknowledgedAt?: string | null;
  finishedAt?: string | null;
  expiresAt?: string | null;
}

export function isFinished(state: CommandStateName): boolean {
  return (COMMAND_ENDS as readonly string[]).includes(state);
}

/** Colour of a state's tag, shared by the lists and the timeline. */
export function stateColour(state: CommandStateName): string {
  switch (state) {
    case 'succeeded':
      return 'success';
    case 'failed':
      return 'error';
    case 'expired':
      return 'warning';
    case 'acknowledged':
      return 'processing';
    case 'sent':
      return 'blue';
    case 'pending':
      return 'default';
  }
}

export function CommandStateTag({ state, percent }: { state: CommandStateName; percent?: number | null }) {
  const { t } = useTranslation('fleet');
  return (
    <Tag color={stateColour(state)} data-state={state}>
      {t(`command.state.${state}`)}
      {state === 'acknowledged' && percent !== null && percent !== undefined ? ` ${percent}%` : ''}
    </Tag>
  );
}

/**
 * A command's way from pending to its end, one step per state reached, with the time of each
 * and the cabinet's reply at the end. The step still waited for spins.
 */
export function CommandTimeline({ command }: { command: CommandView }) {
  const { t } = useTranslation('fleet');
  const reached = COMMAND_FLOW.indexOf(command.state as (typeof COMMAND_FLOW)[number]);
  const finished = isFinished(command.state);
  // A finished command passed through every flow step (a quick reply may skip the ack).
  const upTo = finished ? COMMAND_FLOW.length - 1 : reached;
  const time: Record<(typeof COMMAND_FLOW)[number], string | null | undefined> = {
    pending: command.createdAt,
    sent: command.sentAt,
    acknowledged: command.acknowledgedAt,
  };
  const items: NonNullable<TimelineProps['items']> = COMMAND_FLOW.map((s, i) => {
    const done = i <= upTo;
    const waiting = !finished && i === upTo + 1;
    return {
      key: s,
      color: done ? 'green' : 'gray',
      icon: waiting ? <LoadingOutlined /> : done ? undefined : <ClockCircleOutlined />,
      content: (
        <span data-step={s} data-done={done}>
          <Typography.Text type={done ? undefined : 'secondary'}>{t(`command.state.${s}`)}</Typography.Text>
          {done && time[s] && <Typography.Text type="secondary"> · {formatDateTime(time[s])}</Typography.Text>}
        </span>
      ),
    };
  });
  if (finished) {
    const ok = command.state === 'succeeded';
    items.push({
      key: command.state,
      color: ok ? 'green' : command.state === 'expired' ? 'orange' : 'red',
      icon: ok ? <CheckCircleFilled /> : command.state === 'expired' ? <StopOutlined /> : <CloseCircleFilled />,
      content: (
        <span data-step={command.state} data-done>
          <Typography.Text strong type={ok ? 'success' : 'danger'}>
            {t(`command.state.${command.state}`)}
          </Typography.Text>
          {command.finishedAt && (
            <Typography.Text type="secondary"> · {formatDateTime(command.finishedAt)}</Typography.Text>
          )}
          {command.reason && (
            <div>
              {t('command.reason')}: {reasonText(t, command.reason)}
            </div>
          )}
          {command.duplicate && <div>{t('command.duplicate')}</div>}
          {command.result !== undefined && command.result !== null && <ReplyPayload value={command.result} />}
        </span>
      ),
    });
  } else {
    items.push({
      key: 'end',
      color: 'gray',
      icon: <ClockCircleOutlined />,
      content: (
        <Typography.Text type="secondary" data-step="end">
          {t('command.waitingResult')}
          {command.expiresAt && ` (${t('command.expiresAt')} ${formatDateTime(command.expiresAt)})`}
        </Typography.Text>
      ),
    });
  }
  return (
    <div>
      {command.state === 'acknowledged' && command.percent !== null && command.percent !== undefined && (
        <Progress percent={command.percent} size="small" style={{ marginBottom: 12 }} />
      )}
      <Timeline items={items} />
    </div>
  );
}

/** A failure reason in words: the cabinet's (slotEmpty…), `rejected:<reason>`, `expired`, `offline`. */
export function reasonText(t: (key: string, opts?: Record<string, unknown>) => string, reason: string): string {
  const [head, tail] = reason.split(':', 2);
  if (head === 'rejected' && tail)
    return `${t('command.reasons.rejected')}: ${t(`command.reasons.${tail}`, { defaultValue: tail })}`;
  return t(`command.reasons.${reason}`, { defaultValue: reason });
}

/** The reply's payload, as the cabinet sent it. */
export function ReplyPayload({ value }: { value: unknown }) {
  const { t } = useTranslation('fleet');
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <div style={{ marginTop: 4 }}>
      <Typography.Text type="secondary">{t('command.reply')}</Typography.Text>
      <pre
        data-testid="reply-payload"
        style={{
          margin: '4px 0 0',
          padding: 8,
          maxWidth: '100%',
          overflowX: 'auto',
          fontSize: 12,
          background: 'rgba(127,127,127,0.08)',
          borderRadius: 4,
        }}
      >
        {text}
      </pre>
    </div>
  );
}
