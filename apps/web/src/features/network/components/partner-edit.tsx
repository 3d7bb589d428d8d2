import { useTranslation } from 'react-i18next';
import { AddButton, useOverlay } from '@/shared/list-page';

/**
 * The add/edit drawer of a network list (service providers, ground pushers, teams, regions): its
 * open state and record, the "Add" button (with the screen's save permission) and the drawer's
 * title, "Edit <name>" or "Create". `section` names the screen's words (`<section>.add`,
 * `.editTitle`, `.createTitle`).
 */
export function usePartnerEdit<R extends { name: string }>(
  section: 'providers' | 'pushers' | 'teams' | 'regions',
  savePerm: string,
) {
  const { t } = useTranslation(['network', 'kit']);
  const edit = useOverlay<R>();
  const row = edit.record;
  return {
    edit,
    addButton: (
      <AddButton perm={savePerm} onClick={() => edit.show()}>
        {t(`${section}.add`)}
      </AddButton>
    ),
    /** Spread into the screen's FormDrawer. */
    drawer: {
      open: edit.open,
      onClose: edit.hide,
      title: row ? t(`${section}.editTitle`, { name: row.name }) : t(`${section}.createTitle`),
    },
  };
}
