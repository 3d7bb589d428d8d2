import { App, Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { callKey } from './call-key';
import type { AppliedFilters, ExportCall } from './types';

export interface ExportButtonProps {
  call: ExportCall;
  /** The filters to export; may validate the form first (a rejection cancels the export). */
  getFilters: () => AppliedFilters | Promise<AppliedFilters>;
}

/**
 * Starts an export of the current filters. Exports run in the background (the export
 * list in the top bar shows their progress), so success here only says where the file will be.
 */
export function ExportButton({ call, getFilters }: ExportButtonProps) {
  const { t } = useTranslation('kit');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (filters: AppliedFilters) => request(call, { body: filters as never }),
    onSuccess: async (started) => {
      void message.success(t('exportStarted', { fileName: started.fileName }), 5);
      await queryClient.invalidateQueries({ queryKey: callKey('exportLogList') });
    },
  });

  const start = async () => {
    let filters: AppliedFilters;
    try {
      filters = await getFilters();
    } catch {
      return; // the filter form shows what is wrong
    }
    mutation.mutate(filters);
  };

  return (
    <Button icon={<ExportOutlined />} loading={mutation.isPending} onClick={() => void start()}>
      {t('export')}
    </Button>
  );
}
