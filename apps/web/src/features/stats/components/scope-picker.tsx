import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATS_FINANCE_SCOPES, statsReportLabels, type StatsFinanceScope } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { useIsMobile } from '@/shared/list-page';
import { AgentSelect, OutletSelect, RegionSelect, type Found } from '@/shared/search-select';
import './scope-picker.css';

/** What a statistics screen is about: the whole business, or one region, agent or outlet. */
export type ScopeKind = 'all' | StatsFinanceScope;
export interface Scope {
  kind: ScopeKind;
  /** The region's, agent's or outlet's id; null for the whole business or while none is picked. */
  id: number | null;
}

export const SCOPE_KINDS: readonly ScopeKind[] = ['all', ...STATS_FINANCE_SCOPES];
export const WHOLE_BUSINESS: Scope = { kind: 'all', id: null };

/**
 * The statistics calls' scope parameter (`regionId`, `agentId` or `outletId`; the contract's
 * `statsScope`: at most one), or none for the whole business or a kind whose one is not picked yet.
 */
export function scopeParams(scope: Scope): { regionId?: number; agentId?: number; outletId?: number } {
  return scope.kind === 'all' || scope.id === null ? {} : { [`${scope.kind}Id`]: scope.id };
}

export interface ScopePickerProps {
  value: Scope;
  onChange: (next: Scope) => void;
  /**
   * The scope as something else names it (the statistics answers carry their scope's kind, id and
   * name): an id that came from the address is shown by its name before the picker's list was ever
   * read. Taken only while it is the scope picked (an answer of the scope before is not).
   */
  known?: { kind: string; id: number | null; name: string | null } | null;
  /** Prefix of the test ids: `<testId>` the whole, `<testId>-kind` the kinds, `<testId>-pick` the picker. */
  testId: string;
}

/**
 * The scope of the statistics screens (financial data, operational data, operation report): the
 * kind as a segmented choice, then, for a region, an agent or an outlet, the searchable picker of
 * that kind. Changing the kind forgets the one picked. At a phone's width the picker takes the
 * whole line under the kinds.
 */
export function ScopePicker({ value, onChange, known, testId }: ScopePickerProps) {
  const { t } = useTranslation('stats');
  const lang = useLang();
  const isMobile = useIsMobile();
  const initial: Found | null =
    known?.name && value.id !== null && known.kind === value.kind && known.id === value.id
      ? { value: value.id, label: known.name }
      : null;
  const pick = {
    value: value.id,
    onChange: (id: number | null) => onChange({ kind: value.kind, id }),
    placeholder: value.kind === 'all' ? undefined : t(`scope.pick.${value.kind}`),
    initial,
  };
  // The picker reads its list only when opened; a name learnt later (the answer of a linked
  // report) is taken by mounting it again, keyed by that name.
  const key = `${value.kind}:${initial?.label ?? ''}`;
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      className={isMobile ? 'scope-picker is-mobile' : 'scope-picker'}
      data-testid={testId}
    >
      <Segmented<ScopeKind>
        value={value.kind}
        onChange={(kind) => onChange({ kind, id: null })}
        options={SCOPE_KINDS.map((k) => ({ value: k, label: statsReportLabels.scope[k][lang] }))}
        aria-label={t('scope.label')}
        className="scope-picker-kind"
        data-testid={`${testId}-kind`}
      />
      {value.kind !== 'all' && (
        <div className="scope-picker-pick" data-testid={`${testId}-pick`}>
          {value.kind === 'region' ? (
            <RegionSelect key={key} {...pick} />
          ) : value.kind === 'agent' ? (
            <AgentSelect key={key} {...pick} />
          ) : (
            <OutletSelect key={key} {...pick} />
          )}
        </div>
      )}
    </Flex>
  );
}
