import { useId, useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, type FormInstance } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { disabledBeyondRange, exceedsMaxRange, maxRangeRule, useLang } from '@/shared/form';
import { DATE_TIME_FORMAT } from './format';
import { initialFilterValues } from './filters';
import { useFilterColumns } from './use-viewport';
import type { FilterField } from './types';

export interface FilterFormProps {
  form: FormInstance;
  fields: readonly FilterField[];
  onSearch: () => void;
  onReset: () => void;
}

/** Grid units a field takes: a date range is two columns wide (its two inputs need room). */
function unitsOf(field: FilterField, columns: number): number {
  const wanted = field.type === 'dateRange' ? 2 : field.type === 'custom' ? (field.width ?? 1) : 1;
  return Math.min(wanted, columns);
}

/**
 * The filter form of a list screen: declared fields in a grid of 4, 3, 2 or 1 columns by width,
 * search and reset at the end of the last row. When the fields need more than one row, the form
 * starts collapsed to its first row with a toggle; hidden fields keep their values.
 */
export function FilterForm({ form, fields, onSearch, onReset }: FilterFormProps) {
  const { t } = useTranslation('kit');
  const lang = useLang();
  const columns = useFilterColumns();
  const initialValues = useMemo(() => initialFilterValues(fields), [fields]);

  // How many fields fit in the first row beside the buttons; always at least one.
  const firstRowCount = useMemo(() => {
    let used = 1;
    let count = 0;
    for (const f of fields) {
      used += unitsOf(f, columns);
      if (used > columns && count > 0) break;
      count += 1;
      if (used >= columns) break;
    }
    return count;
  }, [fields, columns]);
  // A list opened with a filter already set beyond the first row (a link from the dashboard) starts
  // expanded, so the filter that shaped the rows is in sight.
  const [expanded, setExpanded] = useState(() => fields.slice(firstRowCount).some((f) => f.initialValue !== undefined));
  const collapsible = fields.length > firstRowCount;
  const shown = collapsible && !expanded ? firstRowCount : fields.length;

  const span = 24 / columns;
  const buttonOffset = (columns - 1 - lastRowUnits(fields.slice(0, shown), columns)) * span;

  // Screens stay mounted in tabs: ids prefixed per form keep each label on its own screen's field.
  const formName = `q${useId().replace(/[^A-Za-z0-9]/g, '')}`;

  return (
    <Form
      form={form}
      name={formName}
      initialValues={initialValues}
      labelCol={{ flex: '0 0 112px' }}
      labelWrap
      // Basis 0 and no minimum: a text input's intrinsic width must not push it under its label.
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      onFinish={onSearch}
      className="list-page-filters"
      aria-label={t('filters')}
    >
      <Row gutter={16}>
        {fields.map((field, index) => (
          <Col
            key={field.name}
            className="list-page-filter-cell"
            span={span * unitsOf(field, columns)}
            style={index >= shown ? { display: 'none' } : undefined}
          >
            <Form.Item name={field.name} label={field.label} tooltip={field.tooltip} rules={rulesOf(field, lang)}>
              {renderControl(field, t)}
            </Form.Item>
          </Col>
        ))}
        <Col span={span} offset={buttonOffset} style={{ textAlign: 'right' }}>
          <Form.Item>
            <Space wrap size={8} style={{ justifyContent: 'flex-end' }}>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  onReset();
                }}
              >
                {t('reset')}
              </Button>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('search')}
              </Button>
              {collapsible && (
                <Button
                  type="link"
                  style={{ paddingInline: 0 }}
                  onClick={() => setExpanded((v) => !v)}
                  aria-expanded={expanded}
                >
                  {expanded ? t('collapse') : t('expand')} {expanded ? <UpOutlined /> : <DownOutlined />}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/**
 * Units used in the last row, packed as the grid wraps them (a field that does not fit starts a
 * new row); when the buttons no longer fit beside them they open a row of their own.
 */
function lastRowUnits(shown: readonly FilterField[], columns: number): number {
  let used = 0;
  for (const f of shown) {
    const u = unitsOf(f, columns);
    used = used + u > columns ? u : used + u;
  }
  return used + 1 > columns ? 0 : used;
}

function rulesOf(field: FilterField, lang: ReturnType<typeof useLang>) {
  const rules = [...(field.rules ?? [])];
  if (field.type === 'dateRange' && field.maxDays) rules.push(maxRangeRule(lang, field.maxDays));
  return rules;
}

function renderControl(field: FilterField, t: TFunction<'kit'>) {
  const anyLabel = t('any');
  switch (field.type) {
    case 'text':
      return <Input allowClear placeholder={field.placeholder} maxLength={field.maxLength ?? 64} />;
    case 'select':
      return (
        <Select
          allowClear
          mode={field.multiple ? 'multiple' : undefined}
          options={field.options}
          placeholder={field.placeholder ?? anyLabel}
          optionFilterProp="label"
          showSearch={field.options.length > 8}
        />
      );
    case 'dateRange': {
      // Whole days unless the screen asks for times; with times a picked day opens at its start and closes at its end.
      const showTime = field.showTime ?? false;
      return (
        <DatePicker.RangePicker
          showTime={showTime ? { defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] } : false}
          format={showTime ? DATE_TIME_FORMAT : 'YYYY-MM-DD'}
          presets={rangePresets(t, field.maxDays)}
          disabledDate={field.maxDays ? disabledBeyondRange(field.maxDays) : undefined}
          style={{ width: '100%' }}
        />
      );
    }
    case 'custom':
      return field.render();
  }
}

/**
 * The ranges an operator picks most (today, yesterday, the last 7 and 30 days, this and last month),
 * each from its first day's start to its last day's end; a preset longer than the screen allows
 * (a 31-day month where 30 days is the most) is not offered.
 */
export function rangePresets(
  t: TFunction<'kit'>,
  maxDays?: number,
  now: Dayjs = dayjs(),
): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = now.startOf('day');
  const all: [string, Dayjs, Dayjs][] = [
    ['today', today, today.endOf('day')],
    ['yesterday', today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')],
    ['last7', today.subtract(6, 'day'), today.endOf('day')],
    ['last30', today.subtract(29, 'day'), today.endOf('day')],
    ['thisMonth', today.startOf('month'), today.endOf('day')],
    ['lastMonth', today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')],
  ];
  return all
    .filter(([, begin, end]) => !maxDays || !exceedsMaxRange(begin, end, maxDays))
    .map(([key, begin, end]) => ({ label: t(`presets.${key}` as 'presets.today'), value: [begin, end] }));
}
