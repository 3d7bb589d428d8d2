import { useTranslation } from 'react-i18next';
import type { CallName } from '@cbo/contract';
import { useRowAction, type RowAction } from './row-action';

/**
 * Deleting a device from its list (cabinet, power bank, cable, charger, device asset): a danger
 * confirm that says what is refused and what is kept, then the call; the server refuses a bound
 * device with its own message (spec 5), shown like any refusal.
 */
export function useDeviceDelete<R>(
  idOf: (row: R) => string,
  call: (row: R) => Promise<unknown>,
  invalidates: CallName[],
): RowAction<R> {
  const { t } = useTranslation('kit');
  return useRowAction<R>({
    confirm: (row) => ({
      title: t('deviceDelete.title', { id: idOf(row) }),
      content: t('deviceDelete.content'),
      okText: t('deviceDelete.ok'),
      danger: true,
    }),
    call,
    success: t('deviceDelete.done'),
    invalidates,
  });
}
