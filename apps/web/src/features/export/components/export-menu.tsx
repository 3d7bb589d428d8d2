import { useEffect, useState } from 'react';
import { App, Badge, Button, Flex, Pagination, Popover, Progress, Spin, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIVE_TYPES, type ExportLogItem, type PageResult } from '@cbo/contract';
import { request } from '@/shared/request';
import { subscribeLive } from '@/shared/live';
import { callKey, formatDateTime, useIsMobile } from '@/shared/list-page';
import {
  EXPORT_PAGE_SIZE,
  exportProgressData,
  exportResultData,
  isDownloadable,
  isRunning,
  percentOf,
  withProgress,
} from '../export-log';
import { EmptyState } from '@/shared/empty-state';

type ExportPage = PageResult<ExportLogItem>;

/** How long the "export ready" notice stays (seconds) before it closes by itself. */
export const EXPORT_NOTICE_SECONDS = 6;

function exportLogQuery(pageNum: number) {
  const query = { pageNum, pageSize: EXPORT_PAGE_SIZE };
  return {
    queryKey: callKey('exportLogList', query),
    queryFn: ({ signal }: { signal: AbortSignal }) => request('exportLogList', { query }, { signal }),
  };
}

/**
 * The export list of the top bar: an icon with the number of running exports; its
 * popover lists the account's exports with progress, and a download link once one reaches
 * 100%. Live messages move the progress bars and announce finished files.
 */
export default function ExportMenu() {
  const { t } = useTranslation('export');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const isMobile = useIsMobile();

  // The badge counts the newest page, whatever page the popover shows.
  const newest = useQuery(exportLogQuery(1));
  const shown = useQuery({ ...exportLogQuery(pageNum), enabled: open, placeholderData: keepPreviousData });
  const running = (newest.data?.list ?? []).filter(isRunning).length;

  useEffect(() => {
    const refetchAll = () => queryClient.invalidateQueries({ queryKey: callKey('exportLogList') });

    const offProgress = subscribeLive(LIVE_TYPES.exportProgress, (raw) => {
      const msg = exportProgressData.safeParse(raw);
      if (!msg.success) return;
      let found = false;
      for (const [key, page] of queryClient.getQueriesData<ExportPage>({ queryKey: callKey('exportLogList') })) {
        const next = withProgress(page, msg.data.id, msg.data.exportSpeed);
        if (next) {
          found = true;
          queryClient.setQueryData(key, next);
        }
      }
      // An export this console has not listed yet (started in another tab): fetch the list.
      if (!found) void refetchAll();
    });

    const offResult = subscribeLive(LIVE_TYPES.exportResult, (raw) => {
      const msg = exportResultData.safeParse(raw);
      if (!msg.success) return;
      void refetchAll();
      const { id, fileName, fileUrl } = msg.data;
      if (fileUrl) {
        // Closes by itself (held while the pointer rests on it); the file stays one click away
        // in the export list, which the notice opens.
        notification.success({
          key: `export-${id}`,
          title: t('readyTitle'),
          description: (
            <span>
              {fileName}{' '}
              <a href={fileUrl} download={fileName}>
                {t('download')}
              </a>
            </span>
          ),
          actions: (
            <Button
              size="small"
              onClick={() => {
                notification.destroy(`export-${id}`);
                setOpen(true);
              }}
            >
              {t('openList')}
            </Button>
          ),
          duration: EXPORT_NOTICE_SECONDS,
          showProgress: true,
          pauseOnHover: true,
          props: { 'data-testid': `export-notice-${id}` },
        });
      } else {
        // The live message only says that it failed; the list row carries the reason.
        notification.error({
          key: `export-${id}`,
          title: t('failedTitle'),
          description: fileName,
          actions: (
            <Button size="small" onClick={() => setOpen(true)}>
              {t('openList')}
            </Button>
          ),
          duration: EXPORT_NOTICE_SECONDS * 2,
        });
      }
    });

    return () => {
      offProgress();
      offResult();
    };
  }, [queryClient, notification, t]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void queryClient.invalidateQueries({ queryKey: callKey('exportLogList') });
  };

  const page = shown.data;
  const content = (
    <div style={{ width: 'min(380px, calc(100vw - 40px))' }}>
      <Spin spinning={shown.isFetching && !page}>
        {page && page.list.length > 0 ? (
          <ul aria-label={t('title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {page.list.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <EmptyState description={shown.isFetching ? t('loading') : t('empty')} />
        )}
        {page && page.total > EXPORT_PAGE_SIZE && (
          <Flex justify="end" style={{ marginTop: 8 }}>
            <Pagination
              simple
              size="small"
              current={pageNum}
              pageSize={EXPORT_PAGE_SIZE}
              total={page.total}
              onChange={setPageNum}
            />
          </Flex>
        )}
      </Spin>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      // Below 992 px the top bar's icons are not at the screen's edge: 'bottom' may shift sideways
      // to stay on screen, 'bottomRight' may not.
      placement={isMobile ? 'bottom' : 'bottomRight'}
      title={t('title')}
      content={content}
    >
      <Tooltip title={open ? undefined : t('title')}>
        <Badge count={running} size="small" offset={[-4, 4]}>
          <Button type="text" aria-label={t('title')} icon={<CloudDownloadOutlined style={{ fontSize: 18 }} />} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}

function ExportRow({ item }: { item: ExportLogItem }) {
  const { t } = useTranslation('export');
  const percent = percentOf(item.exportSpeed);
  const failed = item.status === 'failed';
  const downloadable = isDownloadable(item);
  return (
    <li style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }} data-testid={`export-${item.id}`}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis={{ tooltip: item.fileName }} style={{ minWidth: 0 }}>
          {item.fileName}
        </Typography.Text>
        {downloadable ? (
          // A plain link: the server answers the file to the Authorization cookie.
          <a href={item.fileUrl ?? undefined} download={item.fileName}>
            <DownloadOutlined /> {t('download')}
          </a>
        ) : (
          <Typography.Text
            type="secondary"
            aria-disabled="true"
            style={{ whiteSpace: 'nowrap', cursor: 'not-allowed' }}
          >
            <DownloadOutlined /> {t('download')}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(item.createTime)}
        {item.rowCount !== null && ` · ${t('rows', { count: item.rowCount })}`}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={failed ? 'exception' : percent >= 100 ? 'success' : 'normal'}
        format={(p) => `${p ?? 0}%`}
        aria-label={t('progress')}
      />
      {failed && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t(`errors.${item.error ?? ''}`, { defaultValue: t('failed') })}
        </Typography.Text>
      )}
    </li>
  );
}
